/**
 * A map with a size limit, so a model state stays bounded however large the mailbox. When it
 * grows past its limit by a tenth, it drops the entries with the lowest retention score (by
 * default the oldest; callers keep what the user acted on longer), ties broken by key, so the
 * same history always leaves the same entries.
 */
export class BoundedTable<T> {
  readonly limit: number;
  readonly entries = new Map<number, T>();
  private readonly retention: (entry: T) => number;

  constructor(limit: number, retention: (entry: T) => number) {
    this.limit = limit;
    this.retention = retention;
  }

  get(key: number): T | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for `key`, created with `create` when missing. */
  upsert(key: number, create: () => T): T {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = create();
      this.entries.set(key, entry);
      if (this.entries.size > this.limit + Math.ceil(this.limit / 10)) this.shrink(key);
    }
    return entry;
  }

  set(key: number, entry: T): void {
    this.entries.set(key, entry);
    if (this.entries.size > this.limit + Math.ceil(this.limit / 10)) this.shrink(key);
  }

  /** Drops the lowest-retention entries down to the limit, never the one just added. */
  private shrink(keep: number): void {
    const ranked = [...this.entries]
      .filter(([key]) => key !== keep)
      .map(([key, entry]) => ({ key, score: this.retention(entry) }))
      .sort((a, b) => a.score - b.score || a.key - b.key);
    const excess = this.entries.size - this.limit;
    for (let i = 0; i < excess; i++) this.entries.delete((ranked[i] as { key: number }).key);
  }

  /** Entries sorted by key: the serialised order, independent of insertion history. */
  sorted(): [number, T][] {
    return [...this.entries].sort((a, b) => a[0] - b[0]);
  }
}

/**
 * Selection in a message list: single toggles, shift-click ranges (as in Gmail: the range from
 * the last clicked row to this one takes the clicked row's new state), and all on the page.
 */
export function toggled(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Sets every id between `anchor` and `target` (inclusive, in list order) to `select`. */
export function withRange(selection: ReadonlySet<string>, ids: readonly string[], anchor: string | null, target: string, select: boolean): Set<string> {
  const next = new Set(selection);
  const to = ids.indexOf(target);
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  if (to === -1) return next;
  const [start, end] = from === -1 ? [to, to] : from <= to ? [from, to] : [to, from];
  for (const id of ids.slice(start, end + 1)) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Only the ids still listed (after a refetch some may have left the category). */
export function keepListed(selection: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const listed = new Set(ids);
  return new Set([...selection].filter((id) => listed.has(id)));
}

export type PageSelectionState = 'none' | 'some' | 'all';

export function pageSelectionState(selection: ReadonlySet<string>, ids: readonly string[]): PageSelectionState {
  const selected = ids.filter((id) => selection.has(id)).length;
  if (selected === 0) return 'none';
  return selected === ids.length ? 'all' : 'some';
}

/**
 * A query that is not valid Gmail search syntax. `position` is the 0-based character index the
 * problem is at (where a caret belongs), `expected` names what would have been valid there.
 */
export class QuerySyntaxError extends Error {
  readonly position: number;
  readonly expected: readonly string[];
  readonly query: string;

  constructor(message: string, position: number, expected: readonly string[], query: string) {
    super(message);
    this.name = 'QuerySyntaxError';
    this.position = position;
    this.expected = expected;
    this.query = query;
  }

  /** The query and a caret line under the position, for terminals and logs. */
  caret(): string {
    return `${this.query}\n${' '.repeat(this.position)}^`;
  }
}

/**
 * A natural-language search request and what the person meant by it, for tests and the bench.
 *
 * `meant` is a Gmail query written by hand by looking at the demo mailbox (the SpamAssassin
 * corpus as a Takeout mbox, see apps/server/src/cli/commands/query-conformance/corpus-mbox.ts):
 * the SET of messages it matches under mail-query's evaluator is the expected answer. Several
 * queries can mean the same thing, so tests compare message sets, never query texts.
 */
export interface SearchRequestCase {
  request: string;
  meant: string;
  /** ISO 8601; DEFAULT_NOW when absent. */
  now?: string;
  /** IANA zone; DEFAULT_TIME_ZONE when absent. */
  timeZone?: string;
  /** The translator is given no directory, labels or lists (e.g. to test unknown names). */
  withoutDirectory?: boolean;
}

/** Wednesday 9 October 2002, 08:00 in Los Angeles: the corpus's ham runs until 10 October. */
export const DEFAULT_NOW = '2002-10-09T15:00:00Z';
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

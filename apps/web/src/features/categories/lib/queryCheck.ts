import { parse, QuerySyntaxError } from '@mailroom/mail-query';

export type QueryCheck =
  | { ok: true }
  | { ok: false; empty: true }
  | { ok: false; empty: false; message: string; position: number };

/**
 * Checks a category query in the browser with the same parser the server uses (DESIGN §2), so
 * the editor can show the error under the character it is at before anything is sent.
 */
export function checkQuery(query: string): QueryCheck {
  if (query.trim() === '') return { ok: false, empty: true };
  try {
    parse(query);
    return { ok: true };
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      return { ok: false, empty: false, message: error.message, position: clampPosition(error.position, query) };
    }
    throw error;
  }
}

/** A position the server or parser reports, kept inside the query (the end is a valid place). */
export function clampPosition(position: number, query: string): number {
  if (!Number.isFinite(position)) return query.length;
  return Math.max(0, Math.min(Math.trunc(position), query.length));
}

/** The server's INVALID_ARGUMENT details for a query, when that is what they are. */
export function queryErrorDetails(details: unknown): { position: number } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { field, position } = details as { field?: unknown; position?: unknown };
  return field === 'query' && typeof position === 'number' ? { position } : null;
}

import { describe, expect, it } from 'vitest';
import { checkQuery, clampPosition, queryErrorDetails } from './queryCheck';

describe('checking a category query in the browser', () => {
  it('accepts valid Gmail searches', () => {
    expect(checkQuery('from:github.com is:unread')).toEqual({ ok: true });
    expect(checkQuery('subject:(receipt OR invoice)')).toEqual({ ok: true });
  });

  it('reports the parser’s message and the character it is at', () => {
    expect(checkQuery('from:(a')).toEqual({ ok: false, empty: false, message: "This '(' is never closed", position: 5 });
    const unit = checkQuery('older_than:3x');
    expect(unit).toMatchObject({ ok: false, position: 12 });
    expect(unit.ok === false && !unit.empty && unit.message).toContain("Unknown unit 'x'");
  });

  it('treats an empty query as empty, not as an error to show', () => {
    expect(checkQuery('   ')).toEqual({ ok: false, empty: true });
  });

  it('keeps positions inside the query and reads the server’s query details', () => {
    expect(clampPosition(99, 'abc')).toBe(3);
    expect(clampPosition(-1, 'abc')).toBe(0);
    expect(queryErrorDetails({ field: 'query', position: 4, expected: [] })).toEqual({ position: 4 });
    expect(queryErrorDetails({ field: 'name' })).toBeNull();
    expect(queryErrorDetails(undefined)).toBeNull();
  });
});

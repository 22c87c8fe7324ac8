import { describe, expect, it } from 'vitest';
import { keepListed, pageSelectionState, toggled, withRange } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('selecting messages', () => {
  it('toggles one message', () => {
    expect([...toggled(new Set(), 'b')]).toEqual(['b']);
    expect([...toggled(new Set(['b']), 'b')]).toEqual([]);
  });

  it('shift-click selects the range from the last clicked row, in either direction', () => {
    expect([...withRange(new Set(['b']), ids, 'b', 'd', true)].sort()).toEqual(['b', 'c', 'd']);
    expect([...withRange(new Set(), ids, 'e', 'c', true)].sort()).toEqual(['c', 'd', 'e']);
  });

  it('shift-click on a selected row unselects the range', () => {
    expect([...withRange(new Set(ids), ids, 'a', 'c', false)].sort()).toEqual(['d', 'e']);
  });

  it('without an anchor, or one no longer listed, only the clicked row changes', () => {
    expect([...withRange(new Set(), ids, null, 'c', true)]).toEqual(['c']);
    expect([...withRange(new Set(), ids, 'gone', 'c', true)]).toEqual(['c']);
  });

  it('forgets messages that left the list and says how much of the page is selected', () => {
    expect([...keepListed(new Set(['a', 'x']), ids)]).toEqual(['a']);
    expect(pageSelectionState(new Set(), ids)).toBe('none');
    expect(pageSelectionState(new Set(['a']), ids)).toBe('some');
    expect(pageSelectionState(new Set(ids), ids)).toBe('all');
  });
});

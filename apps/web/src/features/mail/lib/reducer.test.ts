import { describe, expect, it } from 'vitest';
import { initialMailListState, mailListReducer, selectionOf, type ActionRequest, type MailListEvent, type MailListState } from './reducer';

const listed = ['a', 'b', 'c', 'd', 'e'];
const run = (events: MailListEvent[], from: MailListState = initialMailListState) => events.reduce(mailListReducer, from);
const request = (over: Partial<ActionRequest> = {}): ActionRequest => ({ actionId: 'archive', action: 'archive', target: { messageIds: ['b'] }, count: 1, fromPane: false, ...over });

describe('the mail list’s state', () => {
  it('selects one, a shift range from the last one touched, and unselects a range the same way', () => {
    const state = run([
      { type: 'toggle', id: 'b', range: false, listed },
      { type: 'toggle', id: 'd', range: true, listed },
    ]);
    expect(selectionOf(state, listed)).toEqual({ ids: ['b', 'c', 'd'], all: false });
    expect(state.cursor).toBe('d');
    const narrowed = run([{ type: 'toggle', id: 'c', range: true, listed }], state);
    // From d back to c, taking c's new state (unselected), as Gmail does.
    expect(selectionOf(narrowed, listed).ids).toEqual(['b']);
  });

  it('keeps "every message of the source" as a flag, never as ids, until the selection changes', () => {
    const all = run([{ type: 'select-page', listed }, { type: 'select-all' }]);
    expect(selectionOf(all, listed)).toEqual({ ids: listed, all: true });
    expect(selectionOf(run([{ type: 'toggle', id: 'a', range: false, listed }], all), listed).all).toBe(false);
    expect(selectionOf(run([{ type: 'clear-selection' }], all), listed)).toEqual({ ids: [], all: false });
  });

  it('counts only rows still listed (after a refetch some have left)', () => {
    const state = run([{ type: 'select-page', listed }]);
    expect(selectionOf(state, ['a', 'e']).ids).toEqual(['a', 'e']);
  });

  it('starts paging and selection over on another page, remembering the way back', () => {
    const state = run([{ type: 'toggle', id: 'a', range: false, listed }, { type: 'go-to-page', index: 1, token: 't1' }]);
    expect(state).toMatchObject({ pageIndex: 1, pageTokens: [undefined, 't1'], anchor: null, cursor: null });
    expect(state.selected.size).toBe(0);
    expect(run([{ type: 'go-to-page', index: 0 }], state)).toMatchObject({ pageIndex: 0, pageTokens: [undefined, 't1'] });
  });

  it('after an action: the selection goes, the Undo toast shows it, and an action on everything goes back to page one', () => {
    const paged = run([{ type: 'go-to-page', index: 2, token: 't2' }, { type: 'select-page', listed }, { type: 'select-all' }]);
    const acted = run([{ type: 'acted', request: request({ target: { all: true }, count: 300 }), batch: { batchId: 'b1', kind: 'archive', count: 300 } }], paged);
    expect(acted).toMatchObject({ pageIndex: 0, allSelected: false, lastAction: { batchId: 'b1', kind: 'archive', count: 300 }, dialog: null });
    expect(acted.pageTokens).toEqual([undefined]);
  });

  it('an action from the reading pane leaves the list’s selection alone', () => {
    const selected = run([{ type: 'toggle', id: 'c', range: false, listed }]);
    const acted = run([{ type: 'acted', request: request({ fromPane: true }), batch: { batchId: 'b2', kind: 'star', count: 1 } }], selected);
    expect(selectionOf(acted, listed).ids).toEqual(['c']);
  });

  it('a failure closes the dialog and is kept to be shown; a new dialog clears it', () => {
    const confirming = run([{ type: 'open-dialog', dialog: { type: 'confirm', request: request() } }]);
    const failed = run([{ type: 'action-failed', error: new Error('Gmail is not answering') }], confirming);
    expect(failed.dialog).toBeNull();
    expect(failed.actionError).toBeInstanceOf(Error);
    expect(run([{ type: 'open-dialog', dialog: { type: 'help' } }], failed).actionError).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { CategoryEditorDialog } from './CategoryEditorDialog';

const saved = { categoryId: 'c1', name: 'Code', query: 'from:(github.com)', description: '', color: null, icon: null, count: 12, unreadCount: 3, updatedAt: '2026-11-21T00:00:00.000Z' };

function queryInput() {
  return screen.getByLabelText('Gmail search query') as HTMLInputElement;
}

describe('the category editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the character a query goes wrong at, without asking the server', async () => {
    const api = fakeApi({ previewCategoryQuery: () => ({ count: 1, unreadCount: 0 }) });
    renderSignedIn(<CategoryEditorDialog open onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(queryInput(), { target: { value: 'from:(github.com' } });

    expect(screen.getByTestId('query-error').textContent).toContain("This '(' is never closed");
    // The marked character is the unclosed '(' at position 5, with the caret under it.
    expect(screen.getByTestId('query-error-mark').textContent).toBe('(');
    expect(screen.getByText('^', { exact: false }).textContent).toBe('     ^');
    expect(queryInput().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Create category' }) as HTMLButtonElement).disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo('previewCategoryQuery')).toEqual([]);
  });

  it('counts a valid query once typing pauses, then creates the category', async () => {
    const api = fakeApi({ previewCategoryQuery: () => ({ count: 12, unreadCount: 3 }), createCategory: () => saved });
    const onSaved = vi.fn();
    renderSignedIn(<CategoryEditorDialog open onClose={() => {}} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Code' } });
    fireEvent.change(queryInput(), { target: { value: 'from:(github.com' } });
    fireEvent.change(queryInput(), { target: { value: 'from:(github.com)' } });

    await waitFor(() => expect(screen.getByTestId('query-count').textContent).toBe('Matches 12 messages, 3 unread, right now.'));
    expect(api.callsTo('previewCategoryQuery')).toEqual([{ query: 'from:(github.com)' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.callsTo('createCategory')).toEqual([{ name: 'Code', query: 'from:(github.com)', description: '' }]);
  });

  it('says so under the name when the user already has a category with it', async () => {
    fakeApi({
      previewCategoryQuery: () => ({ count: 0, unreadCount: 0 }),
      createCategory: () => {
        throw new FakeFnError('ALREADY_EXISTS', 'A category named "Code" already exists');
      },
    });
    renderSignedIn(<CategoryEditorDialog open onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Code' } });
    fireEvent.change(queryInput(), { target: { value: 'label:work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('You already have a category with this name.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });
});

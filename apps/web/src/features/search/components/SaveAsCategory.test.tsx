import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { SaveAsCategory, categoryNameFor } from './SaveAsCategory';

describe('save as category', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the category after the request, within the 60 characters a name may have', () => {
    expect(categoryNameFor('unread from rohit', 0)).toBe('Unread from rohit');
    expect(categoryNameFor('unread from rohit', 1)).toBe('Unread from rohit (2)');
    const long = categoryNameFor('emails from the exmh workers list about sequences and the new ftoc since september', 3);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^Emails from the exmh workers list about .*… \(4\)$/);
  });

  it('makes the category in one click, numbering the name when it is taken, and links to it', async () => {
    const api = fakeApi({
      createCategory: ({ name, query }) => {
        if (name === 'Unread from rohit') throw new FakeFnError('ALREADY_EXISTS', 'taken');
        return { categoryId: 'c9', name, query, description: '', color: null, icon: null, count: 3, unreadCount: 3, updatedAt: '2026-11-21T00:00:00.000Z' };
      },
    });
    renderSignedIn(<SaveAsCategory request="unread from rohit" query="is:unread from:rohit" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save as category' }));
    expect((await screen.findByTestId('saved-category')).textContent).toContain('Saved as the category “Unread from rohit (2)”.');
    expect(screen.getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/manual/c9');
    expect(api.callsTo('createCategory')).toEqual([
      { name: 'Unread from rohit', query: 'is:unread from:rohit' },
      { name: 'Unread from rohit (2)', query: 'is:unread from:rohit' },
    ]);
  });
});

import type { EmailContent } from '../../mail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { WhyThisScore } from './WhyThisScore';

describe('"Why is this here?"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks each reason raised, lowered, or a fact that moved nothing, in words for screen readers too', async () => {
    fakeApi({
      explainPriority: () => ({
        messageId: 'm1',
        score: 62,
        threshold: 50,
        important: true,
        learnedActions: 0,
        contributions: [
          { reason: 'kind', text: 'Written to you personally', weight: 1.3 },
          { reason: 'promotion', text: 'Subject reads like a promotion', weight: -0.6 },
          { reason: 'sender', text: 'No earlier mail from Bob: nothing to learn from yet', weight: 0 },
        ],
      }),
    });
    renderSignedIn(<WhyThisScore messageId="m1" email={undefined} content={{} as EmailContent} />);
    const list = await screen.findByRole('list', { name: 'What moved the score' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '↑Raised it: Written to you personally',
      '↓Lowered it: Subject reads like a promotion',
      '·No effect: No earlier mail from Bob: nothing to learn from yet',
    ]);
    expect(screen.getByText(/Priority/).textContent).toContain('before learning from you');
  });

  it('“More important” teaches the model, and its Undo takes it back', async () => {
    const explanation = { messageId: 'm1', score: 30, threshold: 50, important: false, learnedActions: 3, contributions: [{ reason: 'kind' as const, text: 'Newsletter or bulk mail', weight: -2 }] };
    const api = fakeApi({
      explainPriority: () => explanation,
      recordFeedback: (data) => ({ messageId: 'm1', score: data.undo ? 30 : 50, important: !data.undo, threshold: 50, effect: data.undo ? null : 'Marked important: mail like this from Shop will rank higher' }),
    });
    renderSignedIn(<WhyThisScore messageId="m1" email={undefined} content={{} as EmailContent} />);
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'More important' }));
    const undo = await screen.findByRole('button', { name: 'Undo “More important”' });
    fireEvent.click(undo);
    await waitFor(() => expect(api.callsTo('recordFeedback')).toEqual([{ messageId: 'm1', action: 'important' }, { messageId: 'm1', action: 'important', undo: true }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull());
  });
});

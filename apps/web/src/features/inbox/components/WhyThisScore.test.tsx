import type { EmailContent } from '../../mail';
import { screen, within } from '@testing-library/react';
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
});

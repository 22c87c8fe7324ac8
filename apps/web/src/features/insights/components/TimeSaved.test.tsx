import { DEFAULT_SETTINGS, type Insights } from '@mailroom/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { TimeSaved } from './TimeSaved';

const withUnsubscribes = (unsubscribes: Insights['mailroom']['unsubscribes']) =>
  ({
    mailroom: { countedSince: '2026-11-01T00:00:00.000Z', truncated: false, actions: [], restored: 0, repliesSent: 0, unsubscribes, savedSeconds: 0 },
  }) as unknown as Insights;

/** Issue 17: confirmed stops show in insights, beside what Mailroom did. */
describe('insights: what came of the unsubscribes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many lists confirmed stopped and how many still send, with the way to Unsubscribe', async () => {
    fakeApi({ getSettings: () => ({ version: 1, settings: DEFAULT_SETTINGS, timeZoneSource: 'chosen' }) });
    renderSignedIn(<TimeSaved insights={withUnsubscribes({ stopped: 3, stillSending: 1 })} />);
    const line = await screen.findByTestId('unsubscribe-outcomes');
    expect(line.textContent).toContain('Lists unsubscribed from: 3 confirmed stopped, 1 still sending after 2 days.');
    expect(screen.getByRole('link', { name: 'See them on Unsubscribe' }).getAttribute('href')).toBe('/unsubscribe');
  });

  it('says nothing before the watch has an answer', () => {
    fakeApi({ getSettings: () => ({ version: 1, settings: DEFAULT_SETTINGS, timeZoneSource: 'chosen' }) });
    renderSignedIn(<TimeSaved insights={withUnsubscribes({ stopped: 0, stillSending: 0 })} />);
    expect(screen.queryByTestId('unsubscribe-outcomes')).toBeNull();
  });
});

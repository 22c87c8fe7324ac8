import type { Insights } from '@mailroom/contract';
import { describe, expect, it } from 'vitest';
import { insightsCsv } from './csv';

const day = (date: string, byBundle: Record<string, number>, sent: number) => {
  const received = Object.values(byBundle).reduce((a, b) => a + b, 0);
  return { date, received, sent, read: received, unread: 0, backlog: 0, byBundle };
};
const durations = { count: 0, medianMs: null, p90Ms: null };

const insights: Insights = {
  range: { from: '2026-11-01', to: '2026-11-02', timeZone: 'UTC', weekStart: 'monday', days: 2, startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-03T00:00:00.000Z' },
  totals: { received: 6, sent: 3, read: 6, unread: 0, backlogBefore: 0 },
  days: [day('2026-11-01', { newsletters: 2, none: 1 }, 1), day('2026-11-02', { receipts: 3 }, 2)],
  bundles: [
    { id: 'receipts', name: 'Receipts', received: 3 },
    { id: 'newsletters', name: 'Newsletters', received: 2 },
    { id: 'none', name: 'No bundle', received: 1 },
  ],
  heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
  senders: [],
  domains: [],
  responseTimes: { mine: durations, theirs: durations, byWeekday: [] },
  lists: [],
  mailroom: { countedSince: '2026-11-01T00:00:00.000Z', truncated: false, actions: [], restored: 0, repliesSent: 0, unsubscribes: { stopped: 0, stillSending: 0 }, savedSeconds: 0 },
} as unknown as Insights;

describe('insights CSV', () => {
  it('has received mail per day by bundle, a column per bundle in the page’s order, zero where a day has none', () => {
    const block = insightsCsv(insights)
      .split('\r\n\r\n')
      .find((b) => b.startsWith('Received per day by bundle'));
    expect(block?.split('\r\n')).toEqual(['Received per day by bundle', 'date,Receipts,Newsletters,No bundle,sent', '2026-11-01,0,2,1,1', '2026-11-02,3,0,0,2']);
  });
});

import { describe, expect, it } from 'vitest';
import { GmailUsageMeter } from './usage.ts';

const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);

describe('Gmail quota meter', () => {
  it('counts units at Gmail’s per-method cost over the last minute and hour, per account', () => {
    const meter = new GmailUsageMeter();
    // 10:00:00 - three history.list (2 each) and a messages.get (5): 11 units.
    for (let i = 0; i < 3; i++) meter.record('a', 'history.list', T0);
    meter.record('a', 'messages.get', T0 + 500);
    // 10:30:10 - a batchModify (50) and a send (100).
    meter.record('a', 'messages.batchModify', T0 + 30 * 60_000 + 10_000);
    meter.record('a', 'messages.send', T0 + 30 * 60_000 + 10_000);
    meter.record('b', 'users.watch', T0 + 30 * 60_000);

    // At 10:31:05 the last minute holds the 10:30:10 second; the hour holds everything.
    expect(meter.usage('a', T0 + 31 * 60_000 + 5_000)).toEqual({
      lastMinute: 150,
      lastHour: 161,
      busiestMinute: 150,
      limitPerMinute: 15_000,
      byMethod: [
        { method: 'messages.send', calls: 1, units: 100 },
        { method: 'messages.batchModify', calls: 1, units: 50 },
        { method: 'history.list', calls: 3, units: 6 },
        { method: 'messages.get', calls: 1, units: 5 },
      ],
    });
    // A minute after the send it has left the minute window; an hour after 10:00 the first second has left the hour.
    expect(meter.usage('a', T0 + 31 * 60_000 + 11_000).lastMinute).toBe(0);
    expect(meter.usage('a', T0 + 60 * 60_000 + 1_000)).toMatchObject({ lastMinute: 0, lastHour: 150 });
    expect(meter.usage('b', T0 + 30 * 60_000)).toMatchObject({ lastMinute: 100, lastHour: 100 });
    expect(meter.usage('nobody', T0)).toMatchObject({ lastMinute: 0, lastHour: 0, byMethod: [] });
  });

  it('forgets seconds older than an hour as new ones arrive', () => {
    const meter = new GmailUsageMeter();
    meter.record('a', 'messages.list', T0);
    meter.record('a', 'messages.list', T0 + 2 * 3_600_000);
    expect(meter.usage('a', T0 + 2 * 3_600_000)).toMatchObject({ lastHour: 5, byMethod: [{ method: 'messages.list', calls: 1, units: 5 }] });
  });
});

import { CLASSIC_UNITS_PER_USER_PER_MINUTE, QUOTA_COST, type GmailMethod } from './limits.ts';

const SECOND_MS = 1_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** One account's Gmail quota use, as /ops shows it. */
export interface GmailQuotaUsage {
  /** Units spent in the 60 seconds before `now`. */
  lastMinute: number;
  /** Units spent in the hour before `now`. */
  lastHour: number;
  /** The most units spent in any one clock minute of that hour. */
  busiestMinute: number;
  /** Gmail's per-user limit the pacer works within (DESIGN §5). */
  limitPerMinute: number;
  /** Calls and units by API method over the last hour, most units first. */
  byMethod: Array<{ method: GmailMethod; calls: number; units: number }>;
}

/**
 * Counts the quota units an account's Gmail calls spend, by method, at Gmail's published cost
 * (limits.ts, https://developers.google.com/workspace/gmail/api/reference/quota): every request
 * Gmail receives counts, retries included, as it does on Google's side. In memory, an hour deep,
 * per process: a fleet of workers each counts its own share (each paces its own share too).
 */
export class GmailUsageMeter {
  /** account -> second (epoch s) -> method -> [calls, units]; seconds older than an hour are dropped. */
  private readonly accounts = new Map<string, Map<number, Map<GmailMethod, [number, number]>>>();

  private readonly limitPerMinute: number;

  constructor(limitPerMinute: number = CLASSIC_UNITS_PER_USER_PER_MINUTE) {
    this.limitPerMinute = limitPerMinute;
  }

  /** One request of `method` for the account at `at` (epoch ms). */
  record(accountId: string, method: GmailMethod, at: number): void {
    let seconds = this.accounts.get(accountId);
    if (!seconds) {
      seconds = new Map();
      this.accounts.set(accountId, seconds);
    }
    const second = Math.floor(at / SECOND_MS);
    let methods = seconds.get(second);
    if (!methods) {
      methods = new Map();
      seconds.set(second, methods);
      this.prune(seconds, at);
    }
    const counts = methods.get(method) ?? [0, 0];
    counts[0] += 1;
    counts[1] += QUOTA_COST[method];
    methods.set(method, counts);
  }

  usage(accountId: string, now: number): GmailQuotaUsage {
    const seconds = this.accounts.get(accountId);
    const empty: GmailQuotaUsage = { lastMinute: 0, lastHour: 0, busiestMinute: 0, limitPerMinute: this.limitPerMinute, byMethod: [] };
    if (!seconds) return empty;
    // Counted by whole seconds: the window starts at the second that holds now − 60 s (or − 1 h).
    const minuteStart = Math.floor((now - MINUTE_MS) / SECOND_MS);
    const hourStart = Math.floor((now - HOUR_MS) / SECOND_MS);
    const current = Math.floor(now / SECOND_MS);
    const byMinute = new Map<number, number>();
    const byMethod = new Map<GmailMethod, { method: GmailMethod; calls: number; units: number }>();
    for (const [second, methods] of seconds) {
      if (second < hourStart || second > current) continue;
      for (const [method, [calls, units]] of methods) {
        empty.lastHour += units;
        if (second >= minuteStart) empty.lastMinute += units;
        const minute = Math.floor((second * SECOND_MS) / MINUTE_MS);
        byMinute.set(minute, (byMinute.get(minute) ?? 0) + units);
        const entry = byMethod.get(method) ?? { method, calls: 0, units: 0 };
        entry.calls += calls;
        entry.units += units;
        byMethod.set(method, entry);
      }
    }
    empty.busiestMinute = Math.max(0, ...byMinute.values());
    empty.byMethod = [...byMethod.values()].sort((a, b) => b.units - a.units || a.method.localeCompare(b.method));
    return empty;
  }

  /** Forgets an account (disconnected), and the hour-old seconds of the others on the next record. */
  forget(accountId: string): void {
    this.accounts.delete(accountId);
  }

  private prune(seconds: Map<number, unknown>, now: number): void {
    const oldest = Math.floor((now - HOUR_MS) / SECOND_MS);
    for (const second of seconds.keys()) if (second < oldest) seconds.delete(second);
  }
}

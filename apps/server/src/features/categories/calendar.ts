import type { UserFnContext } from '../registry.ts';
import { userTimeZone } from '../settings/index.ts';
import type { UserCalendar } from './service.ts';

/**
 * The caller's calendar for reading a query's dates: now (the app's clock) in the time zone of
 * their settings, so "today", `newer_than:` and `after:2024/01/31` mean what they mean where the
 * user is (not in Gmail's Pacific time, which applies to bare dates in Gmail's own search).
 */
export async function userCalendar(ctx: Pick<UserFnContext, 'db' | 'clock' | 'principal'>): Promise<UserCalendar> {
  return { now: new Date(ctx.clock.now()), timeZone: await userTimeZone(ctx.db, ctx.principal.userId) };
}

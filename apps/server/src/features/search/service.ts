import type { SearchPart, WeekStart } from '@mailroom/contract';
import { translate, type Translation } from '@mailroom/intelligence/search';
import type { Db } from '../../db/database.ts';
import { connectedAccountOf, type ConnectedAccount } from '../../providers/mailbox-access.ts';
import type { UserCalendar } from '../categories/index.ts';
import { loadSettings } from '../settings/index.ts';
import { accountDirectory } from './directory.ts';

/** The settings' week start as the translator's day number (0 Sunday, 1 Monday, 6 Saturday). */
const WEEK_STARTS_ON: Record<WeekStart, 0 | 1 | 6> = { sunday: 0, monday: 1, saturday: 6 };

export interface UserTranslation {
  translation: Translation;
  /** The user's connected mailbox, or null (then no names, lists or labels are known). */
  account: ConnectedAccount | null;
  /** Now, in the user's time zone: what the query's dates are read in when it runs. */
  calendar: UserCalendar;
  weekStart: WeekStart;
}

/**
 * A request translated for this user (issue 14): relative to the app's clock, on the user's
 * calendar (time zone and week start from their settings), with the names, lists and labels of
 * their own mailbox (the directory kept per account) and their own address for "to me". Nothing
 * of another user's mailbox is ever consulted: the directory is the caller's account's.
 */
export async function translateForUser(deps: { db: Db; now: number; userId: string }, request: string): Promise<UserTranslation> {
  const { db, userId } = deps;
  const [settings, account] = await Promise.all([loadSettings(db, userId), connectedAccountOf(db, userId)]);
  const { timeZone, weekStart } = settings.settings.account;
  const directory = await accountDirectory(db, account?.id ?? null);
  const now = new Date(deps.now);
  const translation = translate(request, {
    now,
    timeZone,
    weekStartsOn: WEEK_STARTS_ON[weekStart],
    directory: directory.people,
    lists: directory.lists,
    labels: directory.labels,
    selfAddresses: account ? [account.email] : [],
  });
  return { translation, account, calendar: { now, timeZone }, weekStart };
}

/** The parts as the contract gives them (chips). */
export function partsOf(translation: { parts: readonly Translation['parts'][number][] }): SearchPart[] {
  return translation.parts.map(({ text, query, kind, span, querySpan }) => ({ text, query, kind, span: { ...span }, querySpan: { ...querySpan } }));
}

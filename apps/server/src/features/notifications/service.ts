import crypto from 'node:crypto';
import type { AppNotification, NotificationKind, UserSettings } from '@mailroom/contract';
import type { AppServices } from '../../platform/services.ts';
import { loadSettings } from '../settings/index.ts';
import { markPushed, registrationsOf, removeGoneRegistration, type NotificationRow, type RegistrationRow } from './repository.ts';

/** Events of one kind within this long of the last are grouped into one notification. */
export const GROUP_WINDOW_MS = 60_000;

/** One thing that happened, as a feature reports it (see index.ts: notifyUser). */
export interface NotificationEvent {
  kind: Exclude<NotificationKind, 'test'>;
  title: string;
  body: string;
  /** A path inside the app that clicking opens. */
  url: string;
  /**
   * What the notification says when this event joins others of its kind within a minute
   * (`count` events in all), e.g. "3 new messages". Without it the latest event's words stand.
   */
  grouped?: (count: number) => { title: string; body: string; url: string };
}

/** Which settings switch turns each kind on. */
const KIND_SETTING: Record<NotificationEvent['kind'], keyof UserSettings['notifications']> = {
  newMail: 'newMail',
  digestReady: 'digestReady',
  bulkAction: 'bulkAction',
  accountProblem: 'accountProblem',
  syncFailing: 'syncFailing',
};

/** "HH:MM" of `now` in the zone. */
export function localClockTime(now: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now));
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hour}:${minute}`;
}

/**
 * Whether quiet hours hold pushes now: from `quietStart` (inclusive) to `quietEnd` (exclusive) in
 * the user's time zone, across midnight when start is after end. Equal times mean no quiet hours.
 */
export function inQuietHours(settings: UserSettings, now: number): boolean {
  const { quietHours, quietStart, quietEnd } = settings.notifications;
  if (!quietHours || quietStart === quietEnd) return false;
  const t = localClockTime(now, settings.account.timeZone);
  return quietStart < quietEnd ? t >= quietStart && t < quietEnd : t >= quietStart || t < quietEnd;
}

export function toApi(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    url: row.url,
    count: Number(row.count),
    createdAt: new Date(Number(row.updated_at)).toISOString(),
    read: row.read_at !== null,
  };
}

/** What the service worker receives (apps/web/public/sw.js reads it): never an email's content. */
export interface PushPayload {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  count: number;
  /** Notifications with one tag replace each other on screen (a group growing). */
  tag: string;
}

function payloadOf(row: NotificationRow): PushPayload {
  return { id: row.id, kind: row.kind as NotificationKind, title: row.title, body: row.body, url: row.url, count: Number(row.count), tag: `mailroom-${row.kind}` };
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
  removed: number;
}

/** Pushes one payload to each registration; registrations whose subscription is gone are removed. */
export async function pushTo(services: AppServices, registrations: readonly RegistrationRow[], payload: PushPayload): Promise<DeliveryReport & { reasons: string[] }> {
  const report = { delivered: 0, failed: 0, removed: 0, reasons: [] as string[] };
  const push = services.push;
  if (!push) return { ...report, failed: registrations.length, reasons: ['Web Push is not set up on this server'] };
  for (const registration of registrations) {
    const result = await push.send({ endpoint: registration.endpoint, keys: { auth: registration.auth, p256dh: registration.p256dh } }, JSON.stringify(payload), {
      topic: payload.kind.slice(0, 32),
      urgency: payload.kind === 'test' || payload.kind === 'newMail' ? 'high' : 'normal',
    });
    if (result.delivered) {
      report.delivered += 1;
      await markPushed(services.db, registration.token, services.clock.now());
    } else if (result.gone) {
      report.removed += 1;
      await removeGoneRegistration(services.db, registration.token);
      report.reasons.push(`The browser’s push subscription no longer exists (HTTP ${result.status}); it was removed.`);
    } else {
      report.failed += 1;
      report.reasons.push(result.status ? `The push service answered HTTP ${result.status}.` : `The push service could not be reached${result.error ? `: ${result.error}` : ''}.`);
    }
  }
  return report;
}

/**
 * Records an event for a user and pushes it to their browsers, as their settings say: nothing when
 * the kind is turned off; listed in the bell but held from push during quiet hours (released when
 * they end, see releaseHeld); grouped with an unread notification of the same kind from the last
 * minute. Answers the notification, or null when the kind is off.
 */
export async function notify(services: AppServices, userId: string, event: NotificationEvent): Promise<AppNotification | null> {
  const { db, clock } = services;
  const { settings } = await loadSettings(db, userId);
  if (!settings.notifications[KIND_SETTING[event.kind]]) return null;
  const now = clock.now();
  const quiet = inQuietHours(settings, now);

  const row = await db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', event.kind)
      .where('read_at', 'is', null)
      .where('updated_at', '>=', now - GROUP_WINDOW_MS)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (recent) {
      const count = Number(recent.count) + 1;
      const words = event.grouped ? event.grouped(count) : { title: event.title, body: event.body, url: event.url };
      const pushState = quiet ? 'held' : 'pending';
      await trx.updateTable('notifications').set({ ...words, count, updated_at: now, push_state: pushState }).where('id', '=', recent.id).execute();
      return { ...recent, ...words, count, updated_at: now, push_state: pushState } satisfies NotificationRow;
    }
    const fresh: NotificationRow = {
      id: crypto.randomUUID(),
      user_id: userId,
      kind: event.kind,
      title: event.title,
      body: event.body,
      url: event.url,
      count: 1,
      push_state: quiet ? 'held' : 'pending',
      created_at: now,
      updated_at: now,
      read_at: null,
    };
    await trx.insertInto('notifications').values(fresh).execute();
    return fresh;
  });

  if (row.push_state === 'pending') await deliver(services, row);
  return toApi(row);
}

async function deliver(services: AppServices, row: NotificationRow): Promise<void> {
  const registrations = await registrationsOf(services.db, row.user_id);
  if (registrations.length > 0) {
    const report = await pushTo(services, registrations, payloadOf(row));
    if (report.failed > 0) services.log.warn({ notification: row.id, ...report }, 'some pushes failed');
  }
  await services.db.updateTable('notifications').set({ push_state: registrations.length > 0 ? 'sent' : 'none' }).where('id', '=', row.id).where('push_state', '=', 'pending').execute();
}

/**
 * Quiet hours over: what they held goes out, as one push (the bell lists each). Runs on a schedule
 * (plugin.ts); a user still in quiet hours keeps theirs held. Answers how many users got a push.
 */
export async function releaseHeld(services: AppServices): Promise<number> {
  const { db, clock } = services;
  const users = await db.selectFrom('notifications').select('user_id').distinct().where('push_state', '=', 'held').execute();
  let released = 0;
  for (const { user_id: userId } of users) {
    const { settings } = await loadSettings(db, userId);
    const now = clock.now();
    if (inQuietHours(settings, now)) continue;
    const held = await db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('push_state', '=', 'held').orderBy('updated_at', 'desc').execute();
    if (held.length === 0) continue;
    await db.updateTable('notifications').set({ push_state: 'sent' }).where('id', 'in', held.map((r) => r.id)).where('push_state', '=', 'held').execute();
    const unreadHeld = held.filter((r) => r.read_at === null);
    if (unreadHeld.length === 0) continue;
    const registrations = await registrationsOf(db, userId);
    if (registrations.length === 0) continue;
    const events = unreadHeld.reduce((n, r) => n + Number(r.count), 0);
    const payload: PushPayload =
      unreadHeld.length === 1
        ? payloadOf(unreadHeld[0]!)
        : {
            id: unreadHeld[0]!.id,
            kind: unreadHeld[0]!.kind as NotificationKind,
            title: `${events} notifications during quiet hours`,
            body: [...new Set(unreadHeld.map((r) => r.title))].slice(0, 3).join(' · '),
            url: '/?notifications=open',
            count: events,
            tag: 'mailroom-quiet-hours',
          };
    await pushTo(services, registrations, payload);
    released += 1;
  }
  return released;
}

/** The test notification: to one registration, now, whatever the quiet hours; listed in the bell. */
export async function sendTest(services: AppServices, userId: string, registration: RegistrationRow): Promise<{ delivered: boolean; reason: string | null }> {
  const now = services.clock.now();
  const row: NotificationRow = {
    id: crypto.randomUUID(),
    user_id: userId,
    kind: 'test',
    title: 'Test notification',
    body: 'Notifications from Mailroom reach this browser.',
    url: '/settings#notifications',
    count: 1,
    push_state: 'sent',
    created_at: now,
    updated_at: now,
    read_at: null,
  };
  await services.db.insertInto('notifications').values(row).execute();
  const report = await pushTo(services, [registration], payloadOf(row));
  return { delivered: report.delivered > 0, reason: report.reasons[0] ?? null };
}

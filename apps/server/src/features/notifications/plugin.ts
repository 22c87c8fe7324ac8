import { defineJob, derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import { notifyAccountProblems, notifyBulkActions, notifyNewMail } from './events.ts';
import { getPushConfig } from './getPushConfig.ts';
import { listNotifications } from './listNotifications.ts';
import { markNotificationsRead } from './markNotificationsRead.ts';
import { registerRegistrationRoutes } from './registrations.ts';
import { sendTestNotification } from './sendTestNotification.ts';
import { releaseHeld } from './service.ts';

export const RELEASE_HELD_JOB = 'notifications.release-held';
export const ACCOUNT_PROBLEMS_JOB = 'notifications.account-problems';
export const BULK_ACTIONS_JOB = 'notifications.bulk-actions';

/**
 * Notifications (issue 20): the seed's push registrations (registrations.ts) delivered with
 * standard Web Push (providers/push), the bell's list, new important mail from "messages changed",
 * account problems and finished background bulk actions on a schedule, quiet hours released every five minutes. Other features report
 * their events with notifyUser (index.ts).
 */
export const notificationsPlugin: FeaturePlugin = {
  name: 'notifications',
  functions: { getPushConfig, listNotifications, markNotificationsRead, sendTestNotification },
  routes: registerRegistrationRoutes,
  jobs: [
    defineJob<Record<string, never>>({
      name: RELEASE_HELD_JOB,
      key: () => 'all',
      handler: async (_data, _meta, services) => void (await releaseHeld(services)),
    }),
    defineJob<Record<string, never>>({
      name: ACCOUNT_PROBLEMS_JOB,
      key: () => 'all',
      handler: async (_data, _meta, services) => void (await notifyAccountProblems(services)),
    }),
    defineJob<Record<string, never>>({
      name: BULK_ACTIONS_JOB,
      key: () => 'all',
      handler: async (_data, _meta, services) => void (await notifyBulkActions(services)),
    }),
  ],
  schedules: [
    { job: RELEASE_HELD_JOB, cron: '*/5 * * * *' },
    { job: ACCOUNT_PROBLEMS_JOB, cron: '*/10 * * * *' },
    { job: BULK_ACTIONS_JOB, cron: '* * * * *' },
  ],
  derivedTables: [
    derivedTable({ table: 'notifications', ageColumn: 'created_at', description: 'notifications shown in the bell and pushed to browsers' }),
    derivedTable({ table: 'notified_messages', ageColumn: 'notified_at', description: 'which new messages already notified' }),
  ],
  onMessagesChanged: async (event, services) => void (await notifyNewMail(services, event)),
};

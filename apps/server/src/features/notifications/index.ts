/**
 * What other features may use of notifications:
 * - notifyUser(services, userId, event): report an event (digest ready, bulk action finished or
 *   failed, ...). It is listed in the bell and pushed to the user's browsers, as their settings
 *   say (kind switched off: nothing; quiet hours: held; within a minute of another: grouped).
 * - registerNewMailJudge(judge): the priority feature says which new messages are important
 *   (call it from the plugin's `setup`); until one is registered, or when it answers null, mail
 *   from people the user has written to notifies.
 */
export { notify as notifyUser, type NotificationEvent } from './service.ts';
export { registerNewMailJudge, type NewMailJudge } from './events.ts';

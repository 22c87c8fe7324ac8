/**
 * Notifications in the web app (issue 20): the header's bell (list, unread dot, opt-in offered
 * after the first sync), Settings › Notifications, and the push client (lib/push-client.ts, the
 * seed's client rules) that registers this browser with the server's push registrations.
 */
export { NotificationBell } from './components/NotificationBell';
export { NotificationOptInDialog } from './components/NotificationOptInDialog';
export { NotificationSettingsSection } from './components/NotificationSettingsSection';
export { useNotificationPermission, type PermissionState } from './hooks/useNotificationPermission';
export { usePush } from './hooks/usePush';

export { NotificationBell } from './components/NotificationBell';
export { NotificationOptInDialog } from './components/NotificationOptInDialog';
export { useNotificationPermission, type PermissionState } from './hooks/useNotificationPermission';

import { useCallback, useEffect, useState } from 'react';

export type PermissionState = NotificationPermission | 'unsupported';

function current(): PermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** The browser's notification permission for this site, kept current if the user changes it elsewhere. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<PermissionState>(current);

  useEffect(() => {
    if (!navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const update = () => setPermission(current());
    navigator.permissions
      .query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, []);

  const request = useCallback(async () => {
    if (!('Notification' in window)) return 'unsupported' as const;
    const result = await Notification.requestPermission();
    setPermission(result);
    return result;
  }, []);

  /** Reads the permission again (after the push client asked for it). */
  const refresh = useCallback(() => setPermission(current()), []);

  return { permission, request, refresh };
}

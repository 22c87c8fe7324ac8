import { useEffect, useState, useSyncExternalStore } from 'react';
import { getInstallPromptState, isStandalone, subscribeInstallPrompt } from '../../../shared/browser/installPrompt';

export interface ServiceWorkerInfo {
  supported: boolean;
  registered: boolean;
  controlling: boolean;
}

function storageAvailable(): boolean {
  try {
    const key = 'mailroom.diagnostics.probe';
    window.localStorage.setItem(key, '1');
    window.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function useBrowserCapabilities() {
  const install = useSyncExternalStore(subscribeInstallPrompt, getInstallPromptState);
  const [serviceWorker, setServiceWorker] = useState<ServiceWorkerInfo>(() => ({
    supported: 'serviceWorker' in navigator,
    registered: false,
    controlling: Boolean(navigator.serviceWorker?.controller),
  }));

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let alive = true;
    navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => {
        if (alive) setServiceWorker({ supported: true, registered: Boolean(registration), controlling: Boolean(navigator.serviceWorker.controller) });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  return {
    serviceWorker,
    notifications: 'Notification' in window ? Notification.permission : ('unsupported' as const),
    install: {
      standalone: isStandalone(),
      offered: install.event !== null,
      installed: install.installed,
    },
    cookies: navigator.cookieEnabled,
    storage: storageAvailable(),
    online: navigator.onLine,
    secureContext: window.isSecureContext,
  };
}

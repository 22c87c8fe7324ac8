/**
 * Registers /sw.js (apps/web/public/sw.js) in production builds. The service worker makes the app
 * installable and lets the shell open offline; the API is never cached.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}

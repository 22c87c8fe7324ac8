import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getInstallPromptState, isStandalone, promptInstall, subscribeInstallPrompt } from '../../../shared/browser/installPrompt';
import { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_SUPPRESS_MS, INSTALL_DISMISSED_AT_KEY } from '../constants';

function dismissedAt(): number | null {
  try {
    const value = Number(window.localStorage.getItem(INSTALL_DISMISSED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Suppressed if "Not now" was chosen less than 7 days ago. */
export function isSuppressed(now: number): boolean {
  const at = dismissedAt();
  return at !== null && now - at < INSTALL_BANNER_SUPPRESS_MS;
}

/**
 * The banner shows 3 s after the browser offered installation, unless the user said "Not now"
 * in the last 7 days or Mailroom already runs installed.
 */
export function useInstallBanner() {
  // Prerendered (build/prerender.ts) and hydrated with no prompt yet: the same state on both sides.
  const prompt = useSyncExternalStore(subscribeInstallPrompt, getInstallPromptState, getInstallPromptState);
  const [due, setDue] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!prompt.event || prompt.receivedAt === null) return;
    if (isStandalone() || isSuppressed(Date.now())) return;
    const wait = Math.max(0, prompt.receivedAt + INSTALL_BANNER_DELAY_MS - Date.now());
    const timer = window.setTimeout(() => setDue(true), wait);
    return () => window.clearTimeout(timer);
  }, [prompt.event, prompt.receivedAt]);

  const install = useCallback(async () => {
    setHidden(true);
    await promptInstall();
  }, []);

  const notNow = useCallback(() => {
    try {
      window.localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(Date.now()));
    } catch {
      // storage disabled: the banner just goes away for this visit
    }
    setHidden(true);
  }, []);

  return { visible: due && !hidden && prompt.event !== null, install, notNow };
}

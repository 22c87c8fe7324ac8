import { useEffect, useRef } from 'react';
import { browserTimeZone } from '../lib/timeZones';
import { useSettings } from './useSettings';

/**
 * At sign-in, tells the server the browser's time zone, so "today", `newer_than:` and the digest
 * hour mean the user's own day from the start. The server applies it only while the user has not
 * chosen a zone in Settings (`detected: true`), so a laptop set to another zone never overrides a
 * choice. Once per signed-in page load; a failure only means the previous zone stays.
 */
export function useDetectTimeZone(): void {
  const { settings, update } = useSettings();
  const sent = useRef(false);
  const current = settings.data;
  useEffect(() => {
    if (sent.current || !current || current.timeZoneSource === 'chosen') return;
    const zone = browserTimeZone();
    if (!zone || zone === current.settings.account.timeZone) return;
    sent.current = true;
    update.mutate({ patch: { account: { timeZone: zone } }, detected: true });
  }, [current, update]);
}

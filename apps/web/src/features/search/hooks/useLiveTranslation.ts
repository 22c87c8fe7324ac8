import type { SearchPart } from '@mailroom/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSettings } from '../../settings';
import { useServerTranslation } from '../api/search';
import { useTranslator } from './useTranslator';

/** How long typing must pause before the server is asked (its directory knows the user's names). */
const SERVER_DELAY_MS = 250;

const WEEK_STARTS_ON = { sunday: 0, monday: 1, saturday: 6 } as const;

export interface LiveTranslation {
  query: string;
  parts: SearchPart[];
  /** `browser` while only the browser's translation (no directory) is known for this text. */
  from: 'browser' | 'server';
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The request's translation as the person types: at once from the browser's translator (same
 * package as the server, same calendar from the user's settings, but without their directory),
 * then from the server once typing pauses, which also resolves their correspondents, lists and
 * labels. Null for an empty request or until the translator has loaded.
 */
export function useLiveTranslation(request: string, active: boolean): LiveTranslation | null {
  const translator = useTranslator(active);
  const { settings } = useSettings();
  const account = settings.data?.settings.account;
  const timeZone = account?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const weekStartsOn = WEEK_STARTS_ON[account?.weekStart ?? 'monday'];
  const trimmed = request.trim();
  const settled = useDebounced(active ? trimmed : '', SERVER_DELAY_MS);
  const server = useServerTranslation(settled);

  const local = useMemo(() => {
    if (!translator || trimmed === '') return null;
    const translation = translator.translate(trimmed, { now: new Date(), timeZone, weekStartsOn });
    return { query: translation.query, parts: translation.parts.map(({ text, query, kind, span, querySpan }) => ({ text, query, kind, span, querySpan })) };
  }, [translator, trimmed, timeZone, weekStartsOn]);

  if (trimmed === '') return null;
  if (server.data && settled === trimmed) return { query: server.data.query, parts: server.data.parts, from: 'server' };
  return local ? { ...local, from: 'browser' } : null;
}

import type { GmailStatus } from './hooks/useGmailStatus';

const numberFormat = new Intl.NumberFormat();

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "3 minutes ago", "yesterday": relative to now, in the user's language. */
export function formatRelative(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/** One line about the sync, true to what getGmailStatus says. */
export function describeSync(sync: GmailStatus['sync']): string {
  switch (sync.state) {
    case 'never':
      return 'The first sync has not started yet.';
    case 'syncing': {
      const p = sync.progress;
      if (!p) return 'Syncing…';
      // The total is what will be stored: spam is left out of Mailroom, and the line says so.
      return p.total
        ? `Syncing: ${formatCount(p.done)} of ${formatCount(p.total)} messages (spam is left out)`
        : `Syncing: ${formatCount(p.done)} messages read so far (spam is left out)`;
    }
    case 'error':
      return sync.error ? `The last sync failed: ${sync.error}` : 'The last sync failed.';
    case 'idle':
      return sync.lastSyncAt
        ? `Up to date: ${formatCount(sync.messageCount)} messages, last synced ${formatRelative(sync.lastSyncAt)}.`
        : `Up to date: ${formatCount(sync.messageCount)} messages.`;
  }
}

/** The real first-sync percentage, when the total is known. */
export function syncPercent(sync: GmailStatus['sync']): number | null {
  const p = sync.progress;
  if (!p || !p.total) return null;
  return Math.min(100, Math.round((p.done / p.total) * 100));
}

/** What the granted scopes allow, in words. */
export function describeScopes(scopes: string[]): string[] {
  return scopes.map((scope) => {
    if (scope.endsWith('/gmail.readonly')) return 'Read your mail (gmail.readonly)';
    if (scope.endsWith('/gmail.modify')) return 'Move mail to labels and the trash, never delete permanently (gmail.modify)';
    if (scope.endsWith('/gmail.labels')) return 'Create and edit labels (gmail.labels)';
    if (scope.endsWith('/gmail.send')) return 'Send mail (gmail.send)';
    return scope;
  });
}

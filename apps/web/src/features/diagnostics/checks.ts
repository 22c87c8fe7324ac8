import { callFn, describeError } from '../../shared/api';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

async function timed(name: string, run: () => Promise<string>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const detail = await run();
    return { name, ok: true, detail, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { name, ok: false, detail: describeError(error), ms: Math.round(performance.now() - started) };
  }
}

async function getJson(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return `HTTP ${response.status}`;
}

/** The live "test connection": the server, its database, the session, and Gmail through the server. */
export async function runConnectionTest(signedIn: boolean): Promise<CheckResult[]> {
  const results = [
    await timed('Server (/healthz)', () => getJson('/healthz')),
    await timed('Database (/readyz)', () => getJson('/readyz')),
    await timed('Session (/api/auth/session)', () => getJson('/api/auth/session')),
  ];
  if (signedIn) {
    results.push(
      await timed('Gmail (getGmailStatus)', async () => {
        const status = await callFn('getGmailStatus');
        if (!status.connected) return 'Reachable; Gmail is not connected';
        if (status.needsReconnect) throw new Error(`${status.email ?? 'Gmail'}: the grant needs renewing`);
        return `${status.email ?? 'Connected'} · sync ${status.sync.state}`;
      }),
    );
  }
  return results;
}

/** Opens and at once closes a tiny window: tells whether this browser lets Mailroom open sign-in popups. */
export function testPopup(): boolean {
  const popup = window.open('about:blank', 'mailroom-popup-test', 'popup=yes,width=200,height=200');
  if (!popup || popup.closed) return false;
  popup.close();
  return true;
}

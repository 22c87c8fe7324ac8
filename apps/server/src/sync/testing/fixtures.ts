import { createSandbox, type Sandbox } from '@mailroom/gmail-sandbox';
import type { Db } from '../../db/database.ts';
import { GmailProvider } from '../../providers/gmail/gmail-provider.ts';

export const MAILBOX = 'demo@mailroom.local';
export const TOKEN = 'sync-test-token';
const READONLY = 'https://www.googleapis.com/auth/gmail.readonly';

/**
 * A clock whose speed can change without jumping back: at speed 60, the sandbox's per-minute
 * quota window passes in one real second, so quota tests finish in seconds.
 */
export class TestClock {
  private realBase = Date.now();
  private virtualBase = Date.now();
  private speed = 1;
  readonly now = (): number => this.virtualBase + (Date.now() - this.realBase) * this.speed;
  setSpeed(speed: number): void {
    this.virtualBase = this.now();
    this.realBase = Date.now();
    this.speed = speed;
  }
  /** Waits `ms` of this clock's time (Retry-After from the sandbox is in its time too). */
  readonly sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms / this.speed));
}

/** A standalone sandbox on a free port with part of the real corpus (spam included). */
export async function startSandbox(options: { messages: number; historyWindow?: number; clock?: TestClock }): Promise<Sandbox> {
  const sandbox = createSandbox({
    tokens: { [TOKEN]: { email: MAILBOX, scopes: [READONLY] } },
    ...(options.clock ? { now: options.clock.now } : {}),
    ...(options.historyWindow ? { historyWindow: options.historyWindow } : {}),
  });
  await sandbox.seedFromCorpus({ email: MAILBOX, limit: options.messages });
  await sandbox.listen(0, '127.0.0.1');
  return sandbox;
}

/** The provider as production builds it, with test-speed backoff and no client pacing. */
export function providerFor(rootUrl: string, options: { pacing?: boolean; maxDelayMs?: number; clock?: TestClock } = {}): GmailProvider {
  return new GmailProvider({
    rootUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    credentials: { access_token: TOKEN },
    retry: { baseDelayMs: 2, maxDelayMs: options.maxDelayMs ?? 20, maxAttempts: 16 },
    ...(options.pacing ? {} : { pacing: null }),
  });
}

export async function createAccount(db: Db, id = 'acc-1'): Promise<string> {
  const now = Date.now();
  await db.insertInto('users').values({ id: `user-${id}`, email: `${id}@example.com`, display_name: null, created_at: now, updated_at: now }).execute();
  await db
    .insertInto('mail_accounts')
    .values({ id, user_id: `user-${id}`, provider: 'gmail', email: MAILBOX, scopes: READONLY, token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: now, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** What Gmail (the sandbox) holds that Mailroom should mirror: every non-spam message, with labels. */
export function expectedMirror(sandbox: Sandbox): Map<string, string> {
  const mailbox = sandbox.store.mailbox(MAILBOX);
  const result = new Map<string, string>();
  for (const message of mailbox.messages.values()) {
    if (message.labelIds.includes('SPAM')) continue;
    result.set(message.id, [...message.labelIds].sort().join(','));
  }
  return result;
}

export async function storedMirror(db: Db, accountId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('messages').select(['id', 'label_ids']).where('account_id', '=', accountId).execute();
  return new Map(rows.map((r) => [r.id, (JSON.parse(r.label_ids) as string[]).sort().join(',')]));
}

let counter = 0;
/** A new message arriving in the mailbox, as a one-message mbox. */
export function newMessageMbox(subject = `Arrived ${++counter}`): string {
  const id = `${Date.now()}.${counter}.${Math.random().toString(36).slice(2)}@example.org`;
  return [
    'From sender@example.org Sat Nov 21 06:00:00 2026',
    'From: Sender Example <sender@example.org>',
    `To: ${MAILBOX}`,
    `Subject: ${subject}`,
    `Message-ID: <${id}>`,
    'Date: Sat, 21 Nov 2026 06:00:00 +0000',
    'X-Gmail-Labels: Inbox,Unread',
    '',
    // Gmail's snippet (stored, by design) is the first ~200 characters of the body; the
    // sentence tests look for comes well after it.
    'Hello from the sync tests. '.repeat(20),
    'This body must never reach the database.',
    '',
  ].join('\n');
}

import net from 'node:net';
import type { Sandbox } from '@mailroom/gmail-sandbox';
import { loadGmailCredentials } from '../auth/gmail-tokens.ts';
import type { Clock } from '../clock.ts';
import type { WebServices } from '../providers/web/index.ts';
import type { Engine } from '../db/database.ts';
import { defineRecoveryJobs } from '../features/recovery/index.ts';
import { accountProviders } from '../providers/accounts.ts';
import { createTestApp, type TestApp } from './app.ts';
import { InjectBrowser, callFn, connectGmail, signIn } from './signin.ts';

export interface MailboxTestApp extends TestApp {
  /** The embedded Gmail sandbox, mounted at /sandbox/gmail and reachable over HTTP like in the embedded default. */
  sandbox: Sandbox;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real app as the embedded default runs it, listening on a local port so the providers it
 * builds from stored grants reach its own in-process Gmail sandbox over HTTP, exactly as in
 * production (tokens issued by the embedded sign-in provider, checked by the sandbox).
 */
export async function createMailboxTestApp(engine: Engine, env: Record<string, string> = {}, options: { clock?: Clock; web?: WebServices } = {}): Promise<MailboxTestApp> {
  const port = await freePort();
  const t = await createTestApp(engine, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.web ? { web: options.web } : {}),
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SIGNIN_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The provider paces itself under the classic quota; tests need no quota refusals on top.
      SANDBOX_QUOTA_PER_MINUTE: '0',
      ...env,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const sandbox = t.app.mailBackend.sandbox;
  if (!sandbox) throw new Error('the test app has no embedded Gmail sandbox');
  // As startServer does once the server listens: providers and push now have an address.
  t.app.mailBackend.listening(`http://127.0.0.1:${port}`);
  // The action batch job again, as the app defines it but with test-speed retries.
  defineRecoveryJobs({
    db: t.database.db,
    jobs: t.jobs,
    log: t.app.log,
    retryDelaySeconds: 0.01,
    providers: accountProviders({
      db: t.database.db,
      tokenKey: t.app.mailroomAuth.secrets.tokenKey,
      oauth: t.app.mailroomAuth.oauth,
      rootUrl: t.app.mailBackend.rootUrl,
      log: t.app.log,
    }),
  });
  return { ...t, sandbox };
}

/** Waits until Gmail's push notifications have been delivered and the syncs they started are done. */
export async function settle(t: MailboxTestApp): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await t.sandbox.flushPush();
    await t.jobs.idle();
  }
}

export interface MailboxUser {
  browser: InjectBrowser;
  email: string;
  userId: string;
  accountId: string;
  /** A bearer token for the sandbox's own API, to compare with what Gmail holds. */
  accessToken: string;
  call: (name: string, data?: unknown) => ReturnType<typeof callFn>;
}

/**
 * A signed-in user whose Gmail (the sandbox mailbox, seeded with `corpus` messages of the
 * SpamAssassin corpus first) is connected, read-only or with write access, and fully synced.
 */
export async function userWithMailbox(t: MailboxTestApp, email: string, options: { corpus?: number; write?: boolean } = {}): Promise<MailboxUser> {
  if (options.corpus) await t.sandbox.seedFromCorpus({ email, limit: options.corpus });
  const browser = new InjectBrowser(t.app, t.config.publicUrl);
  await signIn(browser, { account: { email, name: email.split('@')[0] } });
  await connectGmail(browser, options.write ? { write: true } : {});
  await settle(t);
  const account = await t.database.db.selectFrom('mail_accounts').select(['id', 'user_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const credentials = await loadGmailCredentials(t.database.db, t.app.mailroomAuth.secrets.tokenKey, account.id);
  if (!credentials) throw new Error(`${email} has no stored Gmail grant`);
  return {
    browser,
    email,
    userId: account.user_id,
    accountId: account.id,
    accessToken: credentials.access_token,
    call: (name, data = {}) => callFn(browser, name, data),
  };
}

/** Message ids Gmail (the sandbox) lists for `q`, newest first, every page: its own evaluation of the query. */
export async function sandboxSearch(t: MailboxTestApp, user: MailboxUser, q: string): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ q, maxResults: '500', ...(pageToken ? { pageToken } : {}) });
    const response = await t.sandbox.app.inject({
      method: 'GET',
      url: `/gmail/v1/users/me/messages?${query.toString()}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    if (response.statusCode !== 200) throw new Error(`sandbox search failed: ${response.body}`);
    const body = response.json() as { messages?: Array<{ id: string }>; nextPageToken?: string };
    ids.push(...(body.messages ?? []).map((m) => m.id));
    pageToken = body.nextPageToken;
  } while (pageToken);
  return ids;
}

/** Every message of the user's Gmail with its labels, sorted: what "the mailbox exactly as it was" compares. */
export function mailboxSnapshot(t: MailboxTestApp, email: string): Record<string, string[]> {
  const mailbox = t.sandbox.store.mailbox(email);
  return Object.fromEntries([...mailbox.messages.values()].map((m) => [m.id, [...m.labelIds].sort()]));
}

/** What Mailroom's store holds for the account: message ids with their labels, sorted. */
export async function storeSnapshot(t: MailboxTestApp, accountId: string): Promise<Record<string, string[]>> {
  const rows = await t.database.db.selectFrom('messages').select(['id', 'label_ids']).where('account_id', '=', accountId).execute();
  return Object.fromEntries(rows.map((r) => [r.id, (JSON.parse(r.label_ids) as string[]).sort()]));
}

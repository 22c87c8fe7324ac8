import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, SCOPES } from '@mailroom/gmail-sandbox';
import type { Sandbox, SandboxOptions } from '@mailroom/gmail-sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GrantRevokedError, HistoryExpiredError, InsufficientScopeError, ProviderError } from '../mail-provider.ts';
import { GmailProvider } from './gmail-provider.ts';
import type { GmailProviderOptions } from './gmail-provider.ts';

const EMAIL = 'demo@mailroom.local';
const TOKEN = 'provider-test-token';
const READONLY_TOKEN = 'provider-readonly-token';
/** Backoff in milliseconds instead of seconds, so retry tests run fast. */
const FAST_RETRY = { baseDelayMs: 2, maxDelayMs: 50, maxAttempts: 12 };

async function startSandbox(messages: number, options: SandboxOptions = {}): Promise<{ sandbox: Sandbox; rootUrl: string }> {
  const sandbox = createSandbox({
    tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] }, [READONLY_TOKEN]: { email: EMAIL, scopes: [SCOPES.readonly] } },
    ...options,
  });
  await sandbox.seedFromCorpus({ limit: messages });
  return { sandbox, rootUrl: await sandbox.listen() };
}

function provider(rootUrl: string, options: Partial<GmailProviderOptions> = {}): GmailProvider {
  return new GmailProvider({ rootUrl, credentials: { access_token: TOKEN }, retry: FAST_RETRY, pacing: null, ...options });
}

async function allIds(source: GmailProvider, options: { includeSpamTrash?: boolean; q?: string } = {}): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | null = null;
  do {
    const page = await source.listMessageIds({ ...options, maxResults: 50, pageToken });
    ids.push(...page.messages.map((m) => m.id));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return ids;
}

describe('GmailProvider against the standalone sandbox', () => {
  let sandbox: Sandbox;
  let rootUrl: string;
  let gmail: GmailProvider;

  beforeAll(async () => {
    ({ sandbox, rootUrl } = await startSandbox(150));
    gmail = provider(rootUrl);
  });
  afterAll(() => sandbox.close());

  it('reads the profile, labels and every message id', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    expect(await gmail.getProfile()).toEqual({
      emailAddress: EMAIL,
      messagesTotal: 150,
      threadsTotal: mailbox.threadCount,
      historyId: String(mailbox.historyId),
    });
    const labels = await gmail.listLabels();
    expect(labels.find((l) => l.id === 'INBOX')).toMatchObject({ type: 'system' });
    const created = await gmail.createLabel({ name: 'Mailroom/Quarantine' });
    expect(created).toMatchObject({ name: 'Mailroom/Quarantine', type: 'user' });
    expect((await gmail.listLabels()).map((l) => l.id)).toContain(created.id);

    const ids = await allIds(gmail, { includeSpamTrash: true });
    expect(ids).toEqual(mailbox.sorted().map((m) => m.id));
    const spam = await allIds(gmail, { q: 'in:spam' });
    expect(spam.length).toBeGreaterThan(0);
    expect(spam.every((id) => mailbox.getMessage(id).labelIds.includes('SPAM'))).toBe(true);
  });

  it('fetches metadata with the headers asked for and attachment names, never bodies', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    const ids = mailbox.sorted().map((m) => m.id);
    const { messages, missing } = await gmail.getMessagesMetadata([...ids, 'ffffffffffffffff'], { headers: ['From', 'Subject', 'List-Id'] });
    expect(missing).toEqual(['ffffffffffffffff']);
    expect(messages.map((m) => m.id)).toEqual(ids);
    for (const message of messages) {
      const stored = mailbox.getMessage(message.id);
      expect(message).toMatchObject({
        threadId: stored.threadId,
        labelIds: stored.labelIds,
        snippet: stored.index.snippet,
        internalDate: stored.internalDate,
        historyId: String(stored.historyId),
        attachments: null,
      });
      expect(message.headers.every((h) => ['from', 'subject', 'list-id'].includes(h.name.toLowerCase()))).toBe(true);
      expect(message.headers.find((h) => h.name.toLowerCase() === 'subject')?.value ?? '').toBe(
        stored.index.headers.find((h) => h.name.toLowerCase() === 'subject')?.value ?? '',
      );
    }
    const withAttachments = mailbox.sorted().filter((m) => m.index.meta.attachments.length > 0);
    expect(withAttachments.length).toBeGreaterThan(0);
    const full = await gmail.getMessagesMetadata(withAttachments.map((m) => m.id), { headers: ['Subject'], withAttachments: true });
    for (const message of full.messages) {
      expect(message.attachments).toEqual(mailbox.getMessage(message.id).index.meta.attachments);
      expect(JSON.stringify(message)).not.toMatch(/"data"/);
      expect(message.headers.map((h) => h.name.toLowerCase())).toEqual(['subject']);
    }
  });

  it('fetches content on demand as raw or full, and attachments', async () => {
    const stored = sandbox.store.mailbox(EMAIL).sorted().find((m) => m.index.meta.attachments.length > 0)!;
    const raw = await gmail.getMessageContent(stored.id, 'raw');
    expect(raw.format === 'raw' && raw.raw.equals(stored.raw)).toBe(true);
    const full = await gmail.getMessageContent(stored.id, 'full');
    if (full.format !== 'full') throw new Error('expected the full format');
    const attachmentIds: string[] = [];
    const walk = (part: typeof full.payload) => {
      if (part.body.attachmentId) attachmentIds.push(part.body.attachmentId);
      part.parts?.forEach(walk);
    };
    walk(full.payload);
    expect(attachmentIds).toHaveLength(stored.index.meta.attachments.length);
    const bytes = await gmail.getAttachment(stored.id, attachmentIds[0]!);
    expect(bytes.length).toBeGreaterThan(0);
  });

  it('modifies, batch-modifies in chunks of 1,000, trashes and untrashes, and sees it all in history', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    const start = (await gmail.getProfile()).historyId;
    const ham = mailbox.sorted().filter((m) => !m.labelIds.includes('SPAM'));
    const first = ham.find((m) => m.labelIds.includes('UNREAD') && !m.labelIds.includes('STARRED'));
    const second = ham.find((m) => m !== first);
    expect(await gmail.modifyLabels(first!.id, { add: ['STARRED'], remove: ['UNREAD'] })).toMatchObject({ id: first!.id });
    expect(mailbox.getMessage(first!.id).labelIds).toContain('STARRED');

    // 2,500 ids (the mailbox's 150, repeated) take three requests of at most 1,000.
    const ids = mailbox.sorted().map((m) => m.id);
    const many = Array.from({ length: 2_500 }, (_, i) => ids[i % ids.length]!);
    const before = sandbox.runtime.requestCount;
    await gmail.batchModify(many, { add: ['IMPORTANT'] });
    expect(sandbox.runtime.requestCount - before).toBe(3);
    expect(ids.every((id) => mailbox.getMessage(id).labelIds.includes('IMPORTANT'))).toBe(true);

    expect((await gmail.trash(second!.id)).labelIds).toContain('TRASH');
    expect((await gmail.untrash(second!.id)).labelIds).not.toContain('TRASH');

    const changes = [];
    const historyIds: string[] = [];
    let pageToken: string | null = null;
    do {
      const page = await gmail.listChanges({ startHistoryId: start, pageToken, maxResults: 40 });
      changes.push(...page.changes);
      historyIds.push(page.historyId);
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(historyIds.at(-1)).toBe(String(mailbox.historyId));
    expect(changes[0]).toMatchObject({ labelsAdded: [{ message: { id: first!.id }, labelIds: ['STARRED'] }], labelsRemoved: [{ labelIds: ['UNREAD'] }] });
    const trashed = changes.find((c) => c.labelsAdded.some((e) => e.labelIds.includes('TRASH')));
    expect(trashed?.labelsAdded[0]?.message.id).toBe(second!.id);
  });

  it('sends a message that appears in SENT and in the history as added', async () => {
    const start = (await gmail.getProfile()).historyId;
    const raw = [`From: ${EMAIL}`, 'To: friend@example.org', 'Subject: Lunch?', 'Content-Type: text/plain; charset=utf-8', '', 'Noon at the usual place?'].join('\r\n');
    const sent = await gmail.send(raw);
    expect(sent.labelIds).toEqual(['SENT']);
    const { changes } = await gmail.listChanges({ startHistoryId: start });
    expect(changes.flatMap((c) => c.messagesAdded.map((m) => m.id))).toEqual([sent.id]);
    expect(await allIds(gmail, { q: 'in:sent subject:lunch' })).toEqual([sent.id]);
  });

  it('starts and stops a watch', async () => {
    const watch = await gmail.watch({ topicName: 'projects/mailroom/topics/gmail', labelIds: ['INBOX'] });
    expect(watch.historyId).toBe(String(sandbox.store.mailbox(EMAIL).historyId));
    expect(watch.expiration).toBeGreaterThan(Date.now());
    expect(sandbox.runtime.push.watchOf(EMAIL)).not.toBeNull();
    await gmail.stop();
    expect(sandbox.runtime.push.watchOf(EMAIL)).toBeNull();
  });

  it('asks for more permission when a write is made with gmail.readonly', async () => {
    const readonly = provider(rootUrl, { credentials: { access_token: READONLY_TOKEN } });
    const id = sandbox.store.mailbox(EMAIL).sorted()[0]!.id;
    await expect(readonly.modifyLabels(id, { add: ['STARRED'] })).rejects.toBeInstanceOf(InsufficientScopeError);
  });

  it('does not retry other client errors', async () => {
    const before = sandbox.runtime.requestCount;
    const error = await gmail.modifyLabels(sandbox.store.mailbox(EMAIL).sorted()[0]!.id, { add: ['Label_does_not_exist'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect(sandbox.runtime.requestCount - before).toBe(1);
  });
});

describe('GmailProvider with an API root that has a path', () => {
  it('keeps the path (the embedded sandbox is served under /sandbox/gmail/) for reads and writes', async () => {
    const { sandbox, rootUrl } = await startSandbox(5, { prefix: '/sandbox/gmail' });
    try {
      expect(rootUrl).toMatch(/\/sandbox\/gmail\/$/);
      // Without the trailing slash too.
      const gmail = provider(rootUrl.replace(/\/$/, ''));
      expect(await gmail.getProfile()).toMatchObject({ emailAddress: EMAIL, messagesTotal: 5 });
      const [first] = (await gmail.listMessageIds()).messages;
      await gmail.batchModify([first!.id], { add: ['STARRED'] });
      expect(sandbox.store.mailbox(EMAIL).getMessage(first!.id).labelIds).toContain('STARRED');
    } finally {
      await sandbox.close();
    }
  });
});

describe('GmailProvider when history has expired', () => {
  it('throws HistoryExpiredError so the sync can start over', async () => {
    const { sandbox, rootUrl } = await startSandbox(20, { historyWindow: 3 });
    try {
      await expect(provider(rootUrl).listChanges({ startHistoryId: '2' })).rejects.toBeInstanceOf(HistoryExpiredError);
    } finally {
      await sandbox.close();
    }
  });
});

describe('GmailProvider under faults', () => {
  it('reads the mailbox exactly despite 10 % injected 500s, by retrying', async () => {
    const { sandbox, rootUrl } = await startSandbox(300, { faults: { errorRate: 0.1, seed: 42 } });
    try {
      const gmail = provider(rootUrl);
      const ids = await allIds(gmail, { includeSpamTrash: true });
      const { messages, missing } = await gmail.getMessagesMetadata(ids);
      const mailbox = sandbox.store.mailbox(EMAIL);
      expect(ids).toEqual(mailbox.sorted().map((m) => m.id));
      expect(missing).toEqual([]);
      expect(messages.map((m) => [m.id, m.labelIds.join(',')])).toEqual(mailbox.sorted().map((m) => [m.id, m.labelIds.join(',')]));
      expect(sandbox.runtime.faults.injectedErrors).toBeGreaterThan(10);
    } finally {
      await sandbox.close();
    }
  });

  it('gives up with a ProviderError once attempts run out', async () => {
    const { sandbox, rootUrl } = await startSandbox(1, { faults: { errorRate: 1 } });
    try {
      const error = await provider(rootUrl, { retry: { baseDelayMs: 1, maxDelayMs: 4, maxAttempts: 4 } })
        .getProfile()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).status).toBe(500);
      expect(sandbox.runtime.faults.injectedErrors).toBe(4);
    } finally {
      await sandbox.close();
    }
  });
});

describe('GmailProvider quota pacing', () => {
  // A 1-second window with 300 units: the same shape as Google's 15,000 per minute, 60 times faster.
  const quota = { quotaUnitsPerMinute: 300, quotaWindowMs: 1_000 };

  it('stays under the per-user quota on its own: no request is refused', async () => {
    const { sandbox, rootUrl } = await startSandbox(120, quota);
    try {
      const gmail = provider(rootUrl, { pacing: { unitsPerWindow: 300, windowMs: 1_000 } });
      const ids = await allIds(gmail, { includeSpamTrash: true });
      const { messages } = await gmail.getMessagesMetadata(ids);
      expect(messages).toHaveLength(120);
      expect(sandbox.runtime.quota.rejections).toBe(0);
    } finally {
      await sandbox.close();
    }
  });

  it('without pacing hits the quota, and still ends exact by backing off', async () => {
    const { sandbox, rootUrl } = await startSandbox(120, quota);
    try {
      const gmail = provider(rootUrl, { pacing: null });
      const ids = await allIds(gmail, { includeSpamTrash: true });
      const { messages } = await gmail.getMessagesMetadata(ids);
      expect(messages.map((m) => m.id)).toEqual(sandbox.store.mailbox(EMAIL).sorted().map((m) => m.id));
      expect(sandbox.runtime.quota.rejections).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });
});

describe('GmailProvider tokens', () => {
  let tokenEndpoint: http.Server;
  let tokenUrl: string;
  let answer: { status: number; body: Record<string, unknown> };
  const refreshRequests: URLSearchParams[] = [];

  beforeAll(async () => {
    // A stand-in OAuth token endpoint (RFC 6749 §6), answering whatever the test sets.
    tokenEndpoint = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        refreshRequests.push(new URLSearchParams(body));
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => tokenEndpoint.listen(0, '127.0.0.1', resolve));
    tokenUrl = `http://127.0.0.1:${(tokenEndpoint.address() as AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((resolve) => tokenEndpoint.close(() => resolve())));
  afterEach(() => {
    refreshRequests.length = 0;
  });

  it('refreshes an expired access token with the refresh token and reports the new tokens', async () => {
    const { sandbox, rootUrl } = await startSandbox(5);
    try {
      sandbox.addToken('fresh-access', { email: EMAIL, scopes: [SCOPES.modify] });
      answer = { status: 200, body: { access_token: 'fresh-access', expires_in: 3600, token_type: 'Bearer' } };
      const saved: Array<Record<string, unknown>> = [];
      const gmail = provider(rootUrl, {
        credentials: { access_token: 'expired-access', refresh_token: 'refresh-1', expiry_date: Date.now() - 1_000 },
        oauthClient: { clientId: 'mailroom', clientSecret: 'secret', tokenUrl },
        onTokens: (tokens) => void saved.push({ ...tokens }),
      });
      expect((await gmail.getProfile()).emailAddress).toBe(EMAIL);
      expect(refreshRequests[0]?.get('grant_type')).toBe('refresh_token');
      expect(refreshRequests[0]?.get('refresh_token')).toBe('refresh-1');
      expect(saved[0]?.['access_token']).toBe('fresh-access');
    } finally {
      await sandbox.close();
    }
  });

  it('turns a revoked grant (invalid_grant) into GrantRevokedError', async () => {
    const { sandbox, rootUrl } = await startSandbox(5);
    try {
      await sandbox.revokeToken(TOKEN);
      answer = { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
      const gmail = provider(rootUrl, {
        credentials: { access_token: TOKEN, refresh_token: 'refresh-2', expiry_date: Date.now() + 3_600_000 },
        oauthClient: { clientId: 'mailroom', clientSecret: 'secret', tokenUrl },
      });
      await expect(gmail.listMessageIds()).rejects.toBeInstanceOf(GrantRevokedError);
      expect(refreshRequests).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });

  it('revokes the grant at the revocation endpoint on disconnect, and treats an already revoked one as done', async () => {
    const revokedByIdp: string[] = [];
    const { sandbox, rootUrl } = await startSandbox(1, { onRevoke: (token) => void revokedByIdp.push(token) });
    try {
      const gmail = provider(rootUrl, {
        credentials: { access_token: TOKEN, refresh_token: 'refresh-3', expiry_date: Date.now() + 3_600_000 },
        oauthClient: { clientId: 'mailroom', tokenUrl, revokeUrl: new URL('revoke', rootUrl).href },
      });
      await gmail.revokeAccess();
      expect(sandbox.revoked.map((r) => r.token)).toEqual(['refresh-3']);
      expect(revokedByIdp).toEqual(['refresh-3']);

      // Google answers 400 invalid_token for a token it no longer knows.
      const alreadyRevoked = provider(rootUrl, { credentials: { access_token: 'gone' }, oauthClient: { clientId: 'mailroom', revokeUrl: tokenUrl } });
      answer = { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
      await expect(alreadyRevoked.revokeAccess()).resolves.toBeUndefined();
    } finally {
      await sandbox.close();
    }
  });

  it('reports a rejected access token without a refresh token as GrantRevokedError', async () => {
    const { sandbox, rootUrl } = await startSandbox(1);
    try {
      await sandbox.revokeToken(TOKEN);
      await expect(provider(rootUrl).getProfile()).rejects.toBeInstanceOf(GrantRevokedError);
    } finally {
      await sandbox.close();
    }
  });
});

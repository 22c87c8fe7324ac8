import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, SCOPES } from '@mailroom/gmail-sandbox';
import type { Sandbox, SandboxOptions } from '@mailroom/gmail-sandbox';
import { mboxrdEscape } from '@mailroom/mail-parse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CursorExpiredError, decodeRawMessage, GrantRevokedError, InsufficientScopeError, ProviderError, type MessageChange } from '../mail-provider.ts';
import { GmailProvider } from './gmail-provider.ts';
import type { GmailProviderOptions } from './gmail-provider.ts';
import { ATTACHMENT_NAMES } from '../../../../../packages/mail-parse/src/testing/rule-fixtures.ts';

/** Messages at the edges of the attachment rule (forwarded, signed, inline images), added to the
 * corpus sample so that attachments are always there to fetch. */
const ATTACHMENT_MBOX = ATTACHMENT_NAMES.map(([, raw]) => `From fixture@example.org Mon Jun  3 10:00:00 2024\n${mboxrdEscape(raw)}\n`).join('');

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
    ({ sandbox, rootUrl } = await startSandbox(150 - ATTACHMENT_NAMES.length));
    await sandbox.importMbox(ATTACHMENT_MBOX, EMAIL);
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
      // Gmail's sync cursor is the mailbox's history id.
      cursor: String(mailbox.historyId),
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

  it('fetches a raw message still encoded, for a render thread to decode, reading at most maxBytes of it', async () => {
    const stored = sandbox.store.mailbox(EMAIL).sorted()[0]!;
    const encoded = await gmail.getRawMessage(stored.id, { maxBytes: 50 * 1024 * 1024 });
    expect(encoded).toMatchObject({ encoding: 'json-base64url', complete: true });
    const decoded = decodeRawMessage(encoded);
    expect(decoded).toMatchObject({ id: stored.id, threadId: stored.threadId, labelIds: stored.labelIds });
    expect(Buffer.from(decoded.raw).equals(stored.raw)).toBe(true);
    // Past maxBytes only the start is read, and it says so; decoding refuses a cut-off message.
    const start = await gmail.getRawMessage(stored.id, { maxBytes: 100 });
    expect(start.complete).toBe(false);
    expect(start.body.byteLength).toBe(100);
    expect(() => decodeRawMessage(start)).toThrow(/cut off/);
    await expect(gmail.getRawMessage('ffffffffffffffff', { maxBytes: 1024 })).rejects.toBeInstanceOf(ProviderError);
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
    const start = (await gmail.getProfile()).cursor;
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

    const changes: MessageChange[] = [];
    const checkpoints: string[] = [];
    let pageToken: string | null = null;
    do {
      const page = await gmail.listChanges({ cursor: start, pageToken, maxResults: 40 });
      changes.push(...page.changes);
      checkpoints.push(page.checkpoint);
      pageToken = page.nextPageToken;
    } while (pageToken);
    // Several pages; after the last one the checkpoint is the mailbox's own history id.
    expect(checkpoints.length).toBeGreaterThan(1);
    expect(checkpoints.at(-1)).toBe(String(mailbox.historyId));
    // Each relabel carries the whole label list after the change.
    expect(changes[0]).toMatchObject({ kind: 'relabelled', id: first!.id });
    expect((changes[0] as { labelIds: string[] }).labelIds).toEqual(expect.arrayContaining(['STARRED']));
    expect((changes[0] as { labelIds: string[] }).labelIds).not.toContain('UNREAD');
    const trashed = changes.find((c) => c.kind === 'relabelled' && c.labelIds.includes('TRASH'));
    expect(trashed?.id).toBe(second!.id);
  });

  it('resumes from a mid-listing checkpoint without replaying the pages before it', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    const start = (await gmail.getProfile()).cursor;
    const ids = mailbox.sorted().slice(0, 30).map((m) => m.id);
    // A new label, so that every modify really changes the message and is one history record.
    const label = await gmail.createLabel({ name: 'Resume test' });
    for (const id of ids) await gmail.modifyLabels(id, { add: [label.id] });
    const first = await gmail.listChanges({ cursor: start, maxResults: 10 });
    expect(first.nextPageToken).not.toBeNull();
    const rest: MessageChange[] = [];
    let page = await gmail.listChanges({ cursor: first.checkpoint, maxResults: 10 });
    rest.push(...page.changes);
    while (page.nextPageToken) {
      page = await gmail.listChanges({ cursor: first.checkpoint, pageToken: page.nextPageToken, maxResults: 10 });
      rest.push(...page.changes);
    }
    expect([...first.changes, ...rest].map((c) => c.id)).toEqual(ids);
  });

  it('sends a message that appears in SENT and in the history as added', async () => {
    const start = (await gmail.getProfile()).cursor;
    const raw = [`From: ${EMAIL}`, 'To: friend@example.org', 'Subject: Lunch?', 'Content-Type: text/plain; charset=utf-8', '', 'Noon at the usual place?'].join('\r\n');
    const sent = await gmail.send(raw);
    expect(sent.labelIds).toEqual(['SENT']);
    const { changes } = await gmail.listChanges({ cursor: start });
    expect(changes.filter((c) => c.kind === 'added').map((c) => c.id)).toEqual([sent.id]);
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
  it('throws CursorExpiredError so the sync can start over, for an expired history id or a cursor that is not one', async () => {
    const { sandbox, rootUrl } = await startSandbox(20, { historyWindow: 3 });
    try {
      await expect(provider(rootUrl).listChanges({ cursor: '2' })).rejects.toBeInstanceOf(CursorExpiredError);
      await expect(provider(rootUrl).listChanges({ cursor: 'imap:1:2' })).rejects.toBeInstanceOf(CursorExpiredError);
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
    // The pacer keeps 2 % of Gmail's minute in hand by default: 1.2 s for requests that leave
    // late and arrive together. Time squeezed 60-fold leaves 20 ms of that, less than a loaded
    // CI machine stalls (one request was refused there). So here a 3-second window of 600
    // units, 20 % kept in hand: about 0.8 s. The sync still needs more than the window allows
    // (615 units), so the pacer has to spread it.
    const { sandbox, rootUrl } = await startSandbox(120, { quotaUnitsPerMinute: 600, quotaWindowMs: 3_000 });
    try {
      const gmail = provider(rootUrl, { pacing: { unitsPerWindow: 600, windowMs: 3_000, targetFraction: 0.8 } });
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

describe('GmailProvider and one message Gmail will not give', () => {
  let server: http.Server;
  let rootUrl: string;

  beforeAll(async () => {
    // A Gmail that refuses one message with 400 and answers one with a malformed resource.
    server = http.createServer((request, response) => {
      const id = /\/messages\/([^/?]+)/.exec(request.url ?? '')?.[1] ?? '';
      response.setHeader('content-type', 'application/json');
      if (id === 'refused') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { code: 400, message: 'Invalid id value', status: 'INVALID_ARGUMENT', errors: [{ reason: 'invalidArgument', domain: 'global', message: 'Invalid id value' }] } }));
      } else if (id === 'malformed') {
        response.end(JSON.stringify({ id: 'malformed', threadId: 'malformed', payload: { headers: 'not a list' } }));
      } else {
        response.end(JSON.stringify({ id, threadId: id, labelIds: ['INBOX'], snippet: '', historyId: '1', internalDate: '0', sizeEstimate: 10, payload: { mimeType: 'text/plain', headers: [{ name: 'Subject', value: id }], body: { size: 0 } } }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('returns the others, and names the refused and the unreadable one instead of failing the whole fetch', async () => {
    const result = await provider(rootUrl).getMessagesMetadata(['one', 'refused', 'two', 'malformed', 'three'], { headers: ['Subject'] });
    expect(result.messages.map((m) => m.id)).toEqual(['one', 'two', 'three']);
    expect(result.missing).toEqual([]);
    expect(result.unreadable).toEqual([
      { id: 'refused', reason: 'Invalid id value' },
      { id: 'malformed', reason: expect.stringContaining("Gmail's answer could not be read") },
    ]);
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

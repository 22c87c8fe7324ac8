import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { gmail } from '@googleapis/gmail';
import type { gmail_v1 } from '@googleapis/gmail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, indexRawMessage, SCOPES } from './index.ts';
import type { Sandbox } from './index.ts';

const EMAIL = 'demo@mailroom.local';
const TOKEN = 'modify-token';
const READONLY_TOKEN = 'readonly-token';

function client(rootUrl: string, token = TOKEN): gmail_v1.Gmail {
  // Exactly how the provider builds it: only rootUrl and the token differ from Google.
  return gmail({ version: 'v1', rootUrl, headers: { authorization: `Bearer ${token}` }, retry: false });
}

/** The Google error body of a failed call, as the client surfaces it. */
async function failure(promise: Promise<unknown>): Promise<{ status: number; body: { error: { code: number; status: string; errors: Array<{ reason: string; domain: string }> } }; headers: Headers }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { response: { status: number; data: never; headers: Headers } };
    return { status: e.response.status, body: e.response.data, headers: e.response.headers };
  }
  throw new Error('expected the call to fail');
}

function rawMessage(lines: string[]): string {
  return Buffer.from(lines.join('\r\n')).toString('base64url');
}

describe('gmail sandbox driven by the real @googleapis/gmail client', () => {
  let sandbox: Sandbox;
  let api: gmail_v1.Gmail;
  let rootUrl: string;

  beforeAll(async () => {
    sandbox = createSandbox({
      tokens: {
        [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] },
        [READONLY_TOKEN]: { email: EMAIL, scopes: [SCOPES.readonly] },
        'full-token': { email: EMAIL, scopes: [SCOPES.full] },
      },
    });
    await sandbox.seedFromCorpus({ limit: 400 });
    rootUrl = await sandbox.listen();
    api = client(rootUrl);
  });
  afterAll(() => sandbox.close());

  it('answers getProfile with the mailbox totals and current historyId', async () => {
    const { data } = await api.users.getProfile({ userId: 'me' });
    const mailbox = sandbox.store.mailbox(EMAIL);
    expect(data).toEqual({
      emailAddress: EMAIL,
      messagesTotal: 400,
      threadsTotal: mailbox.threadCount,
      historyId: String(mailbox.historyId),
    });
    expect(mailbox.threadCount).toBeLessThan(400);
    // userId may also be the address itself.
    expect((await api.users.getProfile({ userId: EMAIL })).data.emailAddress).toBe(EMAIL);
  });

  it('pages through messages.list newest first, every non-spam message exactly once', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const { data } = await api.users.messages.list({ userId: 'me', maxResults: 37, ...(pageToken ? { pageToken } : {}) });
      seen.push(...(data.messages ?? []).map((m) => m.id as string));
      pageToken = data.nextPageToken ?? undefined;
      pages++;
    } while (pageToken);
    const mailbox = sandbox.store.mailbox(EMAIL);
    const expected = mailbox.sorted().filter((m) => !m.labelIds.includes('SPAM') && !m.labelIds.includes('TRASH'));
    expect(seen).toEqual(expected.map((m) => m.id));
    expect(pages).toBe(Math.ceil(expected.length / 37));
    const dates = expected.map((m) => m.internalDate);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('filters by labelIds, includeSpamTrash and q like Gmail', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    const spam = mailbox.sorted().filter((m) => m.labelIds.includes('SPAM'));
    expect(spam.length).toBeGreaterThan(0);

    const inbox = await api.users.messages.list({ userId: 'me', maxResults: 500 });
    expect(inbox.data.messages?.some((m) => spam.some((s) => s.id === m.id))).toBe(false);
    const withSpam = await api.users.messages.list({ userId: 'me', includeSpamTrash: true, maxResults: 500 });
    expect(withSpam.data.messages?.filter((m) => spam.some((s) => s.id === m.id))).toHaveLength(spam.length);
    const bySpamLabel = await api.users.messages.list({ userId: 'me', labelIds: ['SPAM'], maxResults: 500 });
    expect(bySpamLabel.data.messages?.map((m) => m.id)).toEqual(spam.map((m) => m.id));
    const bySearch = await api.users.messages.list({ userId: 'me', q: 'in:spam', maxResults: 500 });
    expect(bySearch.data.messages?.map((m) => m.id)).toEqual(spam.map((m) => m.id));

    // A sender search: every hit is from that sender, and nothing from them is missed.
    const sample = mailbox.sorted().find((m) => !m.labelIds.includes('SPAM') && m.index.meta.from[0]);
    const sender = sample?.index.meta.from[0]?.address as string;
    const fromSender = await api.users.messages.list({ userId: 'me', q: `from:${sender}`, maxResults: 500 });
    const expected = mailbox
      .sorted()
      .filter((m) => !m.labelIds.includes('SPAM') && m.index.meta.from.some((a) => a.address.toLowerCase() === sender.toLowerCase()));
    expect(fromSender.data.messages?.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(fromSender.data.resultSizeEstimate).toBe(expected.length);

    const nothing = await api.users.messages.list({ userId: 'me', q: 'subject:"no such subject anywhere zqx"' });
    expect(nothing.data).toEqual({ resultSizeEstimate: 0 });
  });

  it('returns messages in the minimal, metadata, full and raw formats', async () => {
    const mailbox = sandbox.store.mailbox(EMAIL);
    const stored = mailbox.sorted()[0]!;
    const minimal = (await api.users.messages.get({ userId: 'me', id: stored.id, format: 'minimal' })).data;
    expect(minimal).toEqual({
      id: stored.id,
      threadId: stored.threadId,
      labelIds: stored.labelIds,
      snippet: stored.index.snippet,
      sizeEstimate: stored.index.meta.sizeEstimate,
      historyId: String(stored.historyId),
      internalDate: String(stored.internalDate),
    });
    const metadata = (await api.users.messages.get({ userId: 'me', id: stored.id, format: 'metadata', metadataHeaders: ['Subject', 'From'] })).data;
    expect(metadata.payload?.headers?.map((h) => h.name?.toLowerCase()).sort()).toEqual(['from', 'subject']);
    const raw = (await api.users.messages.get({ userId: 'me', id: stored.id, format: 'raw' })).data;
    expect(Buffer.from(raw.raw as string, 'base64url').equals(stored.raw)).toBe(true);
    const full = (await api.users.messages.get({ userId: 'me', id: stored.id })).data;
    const texts: string[] = [];
    const walk = (part: gmail_v1.Schema$MessagePart) => {
      if (part.mimeType === 'text/plain' && part.body?.data) texts.push(Buffer.from(part.body.data, 'base64url').toString('utf8'));
      part.parts?.forEach(walk);
    };
    walk(full.payload!);
    expect(texts.join('\n').replace(/\s+/g, ' ')).toContain((stored.index.meta.bodyText ?? '').replace(/\s+/g, ' ').slice(0, 60).trim());
    expect(full.payload?.headers?.find((h) => h.name?.toLowerCase() === 'delivered-to')?.value).toBe(EMAIL);

    const missing = await failure(api.users.messages.get({ userId: 'me', id: '0000000000000000' }));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND', errors: [{ reason: 'notFound', domain: 'global' }] });
  });

  it('serves a message its MIME parser refuses in the full format as one part with its headers, as Gmail serves any message it holds', async () => {
    const nested = ['From: a@example.org', 'To: demo@mailroom.local', 'Subject: Deep', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b0"', ''];
    for (let level = 1; level < 300; level++) nested.push(`--b${level - 1}`, `Content-Type: multipart/mixed; boundary="b${level}"`, '');
    nested.push('--b299', '', 'deep', '');
    const raw = Buffer.from(nested.join('\r\n'));
    // Gmail holds it; only its header section is indexed (the whole would not parse).
    const index = await indexRawMessage(Buffer.from(`${nested.slice(0, 5).join('\r\n')}\r\n\r\n`));
    const message = sandbox.store.mailbox(EMAIL).insert({ raw, index: { ...index, mimeType: 'multipart/mixed' }, labelIds: ['INBOX'], internalDate: Date.now() });
    const full = (await api.users.messages.get({ userId: 'me', id: message.id, format: 'full' })).data;
    expect(full.payload).toMatchObject({ mimeType: 'multipart/mixed', body: { size: raw.length } });
    expect(full.payload?.headers?.find((h) => h.name === 'Subject')?.value).toBe('Deep');
    const rawAnswer = (await api.users.messages.get({ userId: 'me', id: message.id, format: 'raw' })).data;
    expect(Buffer.from(rawAnswer.raw ?? '', 'base64url').equals(raw)).toBe(true);
  });

  it('modifies labels, trashes and untrashes, and records each change in history', async () => {
    const before = (await api.users.getProfile({ userId: 'me' })).data.historyId as string;
    const id = sandbox.store.mailbox(EMAIL).sorted().find((m) => m.labelIds.includes('INBOX'))!.id;
    const label = (await api.users.labels.create({ userId: 'me', requestBody: { name: 'Receipts' } })).data;
    expect(label).toMatchObject({ name: 'Receipts', type: 'user' });

    const modified = await api.users.messages.modify({ userId: 'me', id, requestBody: { addLabelIds: [label.id!, 'STARRED'], removeLabelIds: ['INBOX'] } });
    expect(modified.data.labelIds).toEqual(expect.arrayContaining([label.id!, 'STARRED']));
    expect(modified.data.labelIds).not.toContain('INBOX');
    const trashed = await api.users.messages.trash({ userId: 'me', id });
    expect(trashed.data.labelIds).toContain('TRASH');
    const inboxOnly = await api.users.messages.list({ userId: 'me', q: `label:Receipts` });
    expect(inboxOnly.data.messages ?? []).toEqual([]);
    const untrashed = await api.users.messages.untrash({ userId: 'me', id });
    expect(untrashed.data.labelIds).toEqual(expect.arrayContaining([label.id!, 'STARRED']));
    expect(untrashed.data.labelIds).not.toContain('TRASH');

    const history = (await api.users.history.list({ userId: 'me', startHistoryId: before })).data;
    expect(history.history?.map((h) => ({ added: h.labelsAdded?.[0]?.labelIds, removed: h.labelsRemoved?.[0]?.labelIds }))).toEqual([
      { added: [label.id, 'STARRED'], removed: ['INBOX'] },
      { added: ['TRASH'], removed: undefined },
      { added: undefined, removed: ['TRASH'] },
    ]);
    expect(history.historyId).toBe((await api.users.getProfile({ userId: 'me' })).data.historyId);
    const onlyRemovals = (await api.users.history.list({ userId: 'me', startHistoryId: before, historyTypes: ['labelRemoved'] })).data;
    expect(onlyRemovals.history?.every((h) => h.labelsRemoved && !h.labelsAdded)).toBe(true);
    expect(onlyRemovals.history).toHaveLength(2);

    const withCounts = (await api.users.labels.get({ userId: 'me', id: label.id! })).data;
    expect(withCounts.messagesTotal).toBe(1);
    const renamed = (await api.users.labels.patch({ userId: 'me', id: label.id!, requestBody: { name: 'Bills' } })).data;
    expect(renamed.name).toBe('Bills');
    const clash = await failure(api.users.labels.create({ userId: 'me', requestBody: { name: 'bills' } }));
    expect(clash.status).toBe(409);
    await api.users.labels.delete({ userId: 'me', id: label.id! });
    expect(sandbox.store.mailbox(EMAIL).getMessage(id).labelIds).not.toContain(label.id);
    const labels = (await api.users.labels.list({ userId: 'me' })).data.labels ?? [];
    expect(labels.map((l) => l.id)).toEqual(expect.arrayContaining(['INBOX', 'SPAM', 'TRASH', 'UNREAD', 'CATEGORY_FORUMS']));
    expect(labels.some((l) => l.name === 'Bills')).toBe(false);
  });

  it('batchModifies up to 1,000 ids and refuses more', async () => {
    const ids = sandbox.store.mailbox(EMAIL).sorted().slice(0, 50).map((m) => m.id);
    const response = await api.users.messages.batchModify({ userId: 'me', requestBody: { ids, addLabelIds: ['IMPORTANT'] } });
    expect(response.status).toBe(204);
    expect(ids.every((id) => sandbox.store.mailbox(EMAIL).getMessage(id).labelIds.includes('IMPORTANT'))).toBe(true);
    const tooMany = await failure(
      api.users.messages.batchModify({ userId: 'me', requestBody: { ids: Array.from({ length: 1001 }, (_, i) => ids[i % ids.length]!), addLabelIds: ['STARRED'] } }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('checks request bodies against Gmail’s shapes and answers 400 invalidArgument naming the field', async () => {
    const [message] = sandbox.store.mailbox(EMAIL).sorted();
    const labelsBefore = [...message!.labelIds];
    const post = (url: string, payload: unknown) =>
      sandbox.app.inject({ method: 'POST', url: `/gmail/v1/users/me${url}`, headers: { authorization: `Bearer ${TOKEN}` }, payload: payload as object });
    const cases: Array<[string, unknown, string]> = [
      [`/messages/${message!.id}/modify`, { addLabelIds: 'STARRED' }, "Invalid value at 'addLabelIds'"],
      [`/messages/${message!.id}/modify`, { removeLabelIds: [1, 2] }, "Invalid value at 'removeLabelIds.0'"],
      ['/messages/batchModify', { ids: 'not-a-list' }, "Invalid value at 'ids'"],
      ['/messages/batchModify', {}, 'ids must not be empty'],
      ['/messages/batchModify', { ids: [] }, 'ids must not be empty'],
      ['/messages/send', { raw: 42 }, "'raw' RFC822 payload message string or uploading message via /upload/* URL required"],
      ['/messages/send', {}, "'raw' RFC822 payload message string or uploading message via /upload/* URL required"],
      ['/watch', { topicName: 'topics/x' }, 'Invalid topicName does not match projects/*/topics/*'],
      ['/watch', { topicName: 'projects/p/topics/t', labelIds: 'INBOX' }, "Invalid value at 'labelIds'"],
      ['/labels', { name: 'X', color: { textColor: 1 } }, "Invalid value at 'color.textColor'"],
    ];
    for (const [url, payload, expected] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      const body = response.json() as { error: { code: number; status: string; message: string; errors: Array<{ reason: string }> } };
      expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', errors: [{ reason: 'invalidArgument' }] });
      expect(body.error.message).toContain(expected);
    }
    // Nothing was changed by the refused requests.
    expect(sandbox.store.mailbox(EMAIL).getMessage(message!.id).labelIds).toEqual(labelsBefore);
  });

  it('sends a reply that lands in SENT in the original thread', async () => {
    const original = sandbox.store.mailbox(EMAIL).sorted().find((m) => m.index.messageId && !m.labelIds.includes('SPAM'))!;
    const raw = rawMessage([
      `From: ${EMAIL}`,
      'To: someone@example.org',
      `Subject: Re: ${original.index.meta.subject}`,
      `In-Reply-To: <${original.index.messageId}>`,
      `References: <${original.index.messageId}>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks, noted.',
    ]);
    const sent = (await api.users.messages.send({ userId: 'me', requestBody: { raw, threadId: original.threadId } })).data;
    expect(sent.labelIds).toEqual(['SENT']);
    expect(sent.threadId).toBe(original.threadId);
    const thread = (await api.users.threads.get({ userId: 'me', id: original.threadId, format: 'minimal' })).data;
    expect(thread.messages?.map((m) => m.id)).toContain(sent.id);
    expect(thread.messages?.at(-1)?.id).toBe(sent.id);
    const inSent = (await api.users.messages.list({ userId: 'me', q: 'in:sent' })).data;
    expect(inSent.messages?.map((m) => m.id)).toContain(sent.id);
  });

  it('lists threads with their newest snippet and serves attachments', async () => {
    const threads = (await api.users.threads.list({ userId: 'me', maxResults: 20 })).data;
    expect(threads.threads).toHaveLength(20);
    const first = threads.threads![0]!;
    const thread = (await api.users.threads.get({ userId: 'me', id: first.id!, format: 'metadata' })).data;
    expect(thread.messages!.at(-1)!.snippet).toBe(first.snippet);

    const withAttachment = sandbox.store.mailbox(EMAIL).sorted().find((m) => m.index.meta.attachments.length > 0);
    expect(withAttachment).toBeDefined();
    const full = (await api.users.messages.get({ userId: 'me', id: withAttachment!.id })).data;
    const parts: gmail_v1.Schema$MessagePart[] = [];
    const walk = (part: gmail_v1.Schema$MessagePart) => {
      if (part.body?.attachmentId) parts.push(part);
      part.parts?.forEach(walk);
    };
    walk(full.payload!);
    expect(parts.length).toBe(withAttachment!.index.meta.attachments.length);
    const attachment = (await api.users.messages.attachments.get({ userId: 'me', messageId: withAttachment!.id, id: parts[0]!.body!.attachmentId! })).data;
    expect(Buffer.from(attachment.data!, 'base64url').length).toBe(parts[0]!.body!.size);
    expect(attachment.size).toBe(parts[0]!.body!.size);
  });

  it('rejects missing, unknown and revoked tokens with 401 and Google error bodies', async () => {
    const anonymous = gmail({ version: 'v1', rootUrl, retry: false });
    const missing = await failure(anonymous.users.getProfile({ userId: 'me' }));
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] });
    expect((await failure(client(rootUrl, 'nope').users.getProfile({ userId: 'me' }))).status).toBe(401);

    sandbox.addToken('short-lived', { email: EMAIL, scopes: [SCOPES.readonly] });
    expect((await client(rootUrl, 'short-lived').users.getProfile({ userId: 'me' })).status).toBe(200);
    const response = await fetch(new URL('revoke?token=short-lived', rootUrl), { method: 'POST' });
    expect(response.status).toBe(200);
    expect(sandbox.revoked.map((r) => r.token)).toContain('short-lived');
    expect((await failure(client(rootUrl, 'short-lived').users.getProfile({ userId: 'me' }))).status).toBe(401);
  });

  it('answers a write with only gmail.readonly with 403 insufficientPermissions, like Google', async () => {
    const readonly = client(rootUrl, READONLY_TOKEN);
    const id = sandbox.store.mailbox(EMAIL).sorted()[0]!.id;
    expect((await readonly.users.messages.get({ userId: 'me', id, format: 'minimal' })).status).toBe(200);
    const denied = await failure(readonly.users.messages.modify({ userId: 'me', id, requestBody: { addLabelIds: ['STARRED'] } }));
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED', errors: [{ reason: 'insufficientPermissions' }] });
    expect(sandbox.store.mailbox(EMAIL).getMessage(id).labelIds).not.toContain('STARRED');
    const otherUser = await failure(api.users.getProfile({ userId: 'someone.else@example.org' }));
    expect(otherUser.status).toBe(403);
  });

  it('permanently deletes with the full mail scope only, recorded as messagesDeleted', async () => {
    const before = String(sandbox.store.mailbox(EMAIL).historyId);
    const id = sandbox.store.mailbox(EMAIL).sorted().at(-1)!.id;
    expect((await failure(api.users.messages.delete({ userId: 'me', id }))).status).toBe(403);
    await client(rootUrl, 'full-token').users.messages.delete({ userId: 'me', id });
    const history = (await api.users.history.list({ userId: 'me', startHistoryId: before })).data;
    expect(history.history?.[0]?.messagesDeleted?.[0]?.message?.id).toBe(id);
    expect((await failure(api.users.messages.get({ userId: 'me', id }))).status).toBe(404);
  });
});

describe('history window', () => {
  it('answers 404 for a startHistoryId older than the kept history, as Gmail does', async () => {
    const sandbox = createSandbox({ tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } }, historyWindow: 5 });
    try {
      await sandbox.seedFromCorpus({ limit: 20 });
      const api = client(await sandbox.listen());
      const current = (await api.users.getProfile({ userId: 'me' })).data.historyId as string;
      const recent = (await api.users.history.list({ userId: 'me', startHistoryId: String(Number(current) - 5) })).data;
      expect(recent.history).toHaveLength(5);
      const expired = await failure(api.users.history.list({ userId: 'me', startHistoryId: '1' }));
      expect(expired.status).toBe(404);
      expect(expired.body.error.errors[0]?.reason).toBe('notFound');
      // Paging through history with a small page size returns every record once.
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = (await api.users.history.list({ userId: 'me', startHistoryId: String(Number(current) - 5), maxResults: 2, ...(pageToken ? { pageToken } : {}) })).data;
        ids.push(...(page.history ?? []).map((h) => h.id as string));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      expect(ids).toEqual(recent.history!.map((h) => h.id));
    } finally {
      await sandbox.close();
    }
  });
});

describe('quota, faults and concurrency', () => {
  it('answers 429 rateLimitExceeded with Retry-After past the per-user quota, counting Google costs', async () => {
    const sandbox = createSandbox({ tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } }, quotaUnitsPerMinute: 12 });
    try {
      await sandbox.seedFromCorpus({ limit: 3 });
      const api = client(await sandbox.listen());
      await api.users.messages.list({ userId: 'me' }); // 5 units
      await api.users.history.list({ userId: 'me', startHistoryId: '1' }); // 2 units
      await api.users.messages.list({ userId: 'me' }); // 5 units: 12 spent
      expect(sandbox.quotaUsage(EMAIL)).toBe(12);
      const limited = await failure(api.users.getProfile({ userId: 'me' }));
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED', errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }] });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });

  it('can answer 403 userRateLimitExceeded instead', async () => {
    const sandbox = createSandbox({ tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } }, quotaUnitsPerMinute: 1, quotaErrorStatus: 403 });
    try {
      const api = client(await sandbox.listen());
      await api.users.getProfile({ userId: 'me' });
      const limited = await failure(api.users.getProfile({ userId: 'me' }));
      expect(limited.status).toBe(403);
      expect(limited.body.error.errors[0]?.reason).toBe('userRateLimitExceeded');
    } finally {
      await sandbox.close();
    }
  });

  it('injects 500 backendError at the configured rate, reproducibly from the seed', async () => {
    const outcomes = async (seed: number) => {
      const sandbox = createSandbox({ tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } }, faults: { errorRate: 0.3, seed } });
      try {
        const api = client(await sandbox.listen());
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) {
          statuses.push(await api.users.getProfile({ userId: 'me' }).then((r) => r.status, (e: { response: { status: number; data: { error: { errors: Array<{ reason: string }> } } } }) => {
            expect(e.response.data.error.errors[0]?.reason).toBe('backendError');
            return e.response.status;
          }));
        }
        return statuses;
      } finally {
        await sandbox.close();
      }
    };
    const first = await outcomes(7);
    expect(first.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(first.filter((s) => s === 500).length).toBeLessThan(35);
    expect(await outcomes(7)).toEqual(first);
    expect(await outcomes(8)).not.toEqual(first);
  });

  it('refuses requests past the concurrent-request limit with 429', async () => {
    const sandbox = createSandbox({
      tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } },
      maxConcurrentPerUser: 2,
      faults: { latencyRate: 1, latencyMs: 150 },
    });
    try {
      const api = client(await sandbox.listen());
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => api.users.getProfile({ userId: 'me' })));
      const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as { response: { status: number } }).response.status));
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    } finally {
      await sandbox.close();
    }
  });
});

describe('push notifications', () => {
  it('delivers a Pub/Sub-style push with the shared token after a change to a watched mailbox', async () => {
    const received: Array<{ url: string; body: { message: { data: string; messageId: string; publishTime: string }; subscription: string } }> = [];
    const endpoint = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(body) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const port = (endpoint.address() as AddressInfo).port;
    const sandbox = createSandbox({
      tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } },
      push: { endpoint: `http://127.0.0.1:${port}/api/gmail/push`, token: 's3cret' },
    });
    try {
      await sandbox.seedFromCorpus({ limit: 5 });
      const api = client(await sandbox.listen());
      const watch = (await api.users.watch({ userId: 'me', requestBody: { topicName: 'projects/mailroom/topics/gmail' } })).data;
      expect(Number(watch.expiration)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
      const ids = sandbox.store.mailbox(EMAIL).sorted().map((m) => m.id);
      await api.users.messages.batchModify({ userId: 'me', requestBody: { ids, addLabelIds: ['STARRED'] } });
      await sandbox.flushPush();
      // Five changes in one request: one notification with the newest historyId.
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/api/gmail/push?token=s3cret');
      const data = JSON.parse(Buffer.from(received[0]!.body.message.data, 'base64url').toString('utf8'));
      expect(data).toEqual({ emailAddress: EMAIL, historyId: sandbox.store.mailbox(EMAIL).historyId });
      expect(received[0]!.body.subscription).toMatch(/^projects\/.+\/subscriptions\/.+/);

      await api.users.stop({ userId: 'me' });
      await api.users.messages.modify({ userId: 'me', id: ids[0]!, requestBody: { removeLabelIds: ['STARRED'] } });
      await sandbox.flushPush();
      expect(received).toHaveLength(1);
    } finally {
      await sandbox.close();
      endpoint.close();
    }
  });
});

describe('persistence', () => {
  it('keeps the mailbox and its changes across a restart, and does not seed twice', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gmail-sandbox-'));
    const dataFile = path.join(dir, 'sandbox.sqlite');
    const tokens = { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] } };
    try {
      const first = createSandbox({ dataFile, tokens });
      expect((await first.seedFromCorpus({ limit: 30 })).seeded).toBe(30);
      const api = client(await first.listen());
      const id = first.store.mailbox(EMAIL).sorted()[0]!.id;
      const label = (await api.users.labels.create({ userId: 'me', requestBody: { name: 'Kept' } })).data;
      await api.users.messages.modify({ userId: 'me', id, requestBody: { addLabelIds: [label.id!] } });
      const profile = (await api.users.getProfile({ userId: 'me' })).data;
      await first.close();

      const second = createSandbox({ dataFile, tokens });
      expect((await second.seedFromCorpus({ limit: 30 })).skipped).toBe(true);
      const api2 = client(await second.listen());
      expect((await api2.users.getProfile({ userId: 'me' })).data).toEqual(profile);
      expect((await api2.users.messages.get({ userId: 'me', id, format: 'minimal' })).data.labelIds).toContain(label.id);
      const history = (await api2.users.history.list({ userId: 'me', startHistoryId: String(Number(profile.historyId) - 1) })).data;
      expect(history.history?.[0]?.labelsAdded?.[0]?.labelIds).toEqual([label.id]);
      const search = (await api2.users.messages.list({ userId: 'me', q: 'label:kept' })).data;
      expect(search.messages?.map((m) => m.id)).toEqual([id]);
      await second.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

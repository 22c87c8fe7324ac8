import crypto from 'node:crypto';
import http from 'node:http';
import type { Subscription, UnsubscribeResult } from '@mailroom/contract';
import { dkimSign, type DNSResolver } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.ts';
import { ENGINES } from '../../db/testing.ts';
import { createDkimVerifier, createSafeWebClient } from '../../providers/web/index.ts';
import { SYNC_JOB } from '../../sync/jobs.ts';
import { startListServer, type ListServer } from '../../testing/list-server.ts';
import { createMailboxTestApp, mailboxSnapshot, settle, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';
import { connectGmail } from '../../testing/signin.ts';
import { HOSTILE_URLS, hostileLookup } from '../../testing/ssrf.ts';
import { checkUnsubscribed } from './watch.ts';

/**
 * Issue 17 against the embedded sandbox, on both engines: subscriptions from the stored headers;
 * RFC 8058 one-click to a list server of the test's own (DKIM signed with a key the test's
 * resolver serves); a forged one-click header without DKIM is not used; mailto sent through the
 * user's Gmail (read-only until they grant write access); a link-only list is returned, never
 * requested; every hostile SSRF value as a signed one-click List-Unsubscribe of a message in the
 * sandbox reaches no loopback listener; archive and undo; block archives new mail as it syncs;
 * the watch marks stopped / still sending; another user's subscriptions are NOT_FOUND.
 */

const ME = 'reader@example.com';
const OTHER = 'other@example.com';
const DAY = 24 * 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const SELECTOR = 'mr';
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_TXT = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The DNS the test controls: the DKIM key for every signing domain, nothing else. */
const dkimResolver: DNSResolver = async (domain, rrtype) => {
  if (rrtype === 'TXT' && domain.startsWith(`${SELECTOR}._domainkey.`)) return [[DKIM_TXT]];
  throw Object.assign(new Error(`no ${rrtype} for ${domain}`), { code: 'ENOTFOUND' });
};

let counter = 0;
interface Mail {
  from: string;
  subject: string;
  listId?: string;
  unsubscribe?: string;
  post?: boolean;
  sign?: string;
  read?: boolean;
  date?: number;
}

async function rfc822(mail: Mail): Promise<string> {
  counter += 1;
  const headers = [
    `From: ${mail.from}`,
    `To: ${ME}`,
    `Subject: ${mail.subject}`,
    `Message-ID: <m${counter}.${crypto.randomUUID()}@lists.example>`,
    `Date: ${new Date(mail.date ?? NOW - counter * 3_600_000).toUTCString()}`,
    ...(mail.listId ? [`List-Id: ${mail.listId}`] : []),
    ...(mail.unsubscribe ? [`List-Unsubscribe: ${mail.unsubscribe}`] : []),
    ...(mail.post ? ['List-Unsubscribe-Post: List-Unsubscribe=One-Click'] : []),
    'Content-Type: text/plain; charset=utf-8',
  ];
  const message = `${headers.join('\r\n')}\r\n\r\nHello, this is list mail number ${counter}.\r\n`;
  if (!mail.sign) return message;
  const signed = await dkimSign(message, {
    // mailauth signs with the entries of signatureData (the top-level fields alone sign nothing).
    signingDomain: mail.sign,
    selector: SELECTOR,
    privateKey: PRIVATE_PEM,
    signatureData: [{ signingDomain: mail.sign, selector: SELECTOR, privateKey: PRIVATE_PEM }],
    headerList: ['from', 'to', 'subject', 'date', 'message-id', 'list-id', 'list-unsubscribe', 'list-unsubscribe-post'],
  });
  return signed.signatures + message;
}

async function mbox(mails: Mail[]): Promise<string> {
  const parts: string[] = [];
  for (const mail of mails) {
    const raw = (await rfc822(mail)).replace(/\r\n/g, '\n');
    parts.push(`From x@xxx Mon Jun  3 09:00:00 +0000 2024\nX-Gmail-Labels: ${mail.read ? 'Inbox' : 'Inbox,Unread'}\n${raw}`);
  }
  return parts.join('\n');
}

const listen = (host: string, port: number) =>
  new Promise<{ server: http.Server; connections: () => number }>((resolve, reject) => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end());
    server.on('connection', () => (connections += 1));
    server.once('error', reject);
    // reusePort: the SSRF tests of providers/web may listen on the same port in another worker.
    server.listen({ port, host, reusePort: true }, () => resolve({ server, connections: () => connections }));
  });

describe.each(ENGINES)('one-click unsubscribe (%s)', (engine) => {
  let t: MailboxTestApp;
  let list: ListServer;
  /** A list server whose certificate the client does not trust (self-signed, not its CA). */
  let untrusted: ListServer;
  let loopback: Awaited<ReturnType<typeof listen>>;
  let me: MailboxUser;
  let other: MailboxUser;
  const clock = new FakeClock(NOW);

  const subscriptions = async (user: MailboxUser, data: unknown = {}) => {
    const response = await user.call('listSubscriptions', data);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { result: { subscriptions: Subscription[]; total: number; nextPageToken: string | null } }).result;
  };
  const byName = async (name: string) => {
    const found = (await subscriptions(me)).subscriptions.find((s) => s.name === name);
    if (!found) throw new Error(`no subscription named ${name}`);
    return found;
  };
  const unsubscribe = async (data: unknown) => {
    const response = await me.call('unsubscribe', data);
    return { response, results: response.statusCode === 200 ? (response.json() as { result: { results: UnsubscribeResult[]; archive: { batchId: string; count: number } | null } }).result : null };
  };
  const sentTo = (address: string) =>
    [...t.sandbox.store.mailbox(ME).messages.values()].filter((m) => m.labelIds.includes('SENT') && Buffer.from(m.raw).toString('utf8').includes(`To: ${address}`));

  beforeAll(async () => {
    loopback = await listen('127.0.0.1', 443);
    list = await startListServer();
    untrusted = await startListServer();
    t = await createMailboxTestApp(engine, {}, {
      clock,
      web: {
        client: createSafeWebClient({ lookup: hostileLookup, timeoutMs: 2_000, testOnlyAllowedOrigins: [list.origin, untrusted.origin], testOnlyCa: list.ca }),
        verifyDkim: createDkimVerifier(dkimResolver),
      },
    });
    const weekly = { from: 'Acme Weekly <news@acme.example>', listId: '"Acme Weekly" <weekly.acme.example>', unsubscribe: '<mailto:leave-weekly@acme.example?subject=unsubscribe%20weekly>, <https://acme.example/manage>' };
    await t.sandbox.importMbox(
      await mbox([
        { ...weekly, subject: 'Weekly #1', read: true },
        { ...weekly, subject: 'Weekly #2' },
        { ...weekly, subject: 'Weekly #3' },
        { from: 'Shop Deals <deals@shop.example>', subject: 'Deals', unsubscribe: '<https://shop.example/prefs>' },
        { from: 'Shop Deals <deals@shop.example>', subject: 'More deals', unsubscribe: '<https://shop.example/prefs>' },
        { from: 'One Click <news@oneclick.example>', subject: 'Signed news', listId: '<news.oneclick.example>', unsubscribe: `<${list.origin}/unsub/abc>`, post: true, sign: 'oneclick.example' },
        { from: 'Forged <news@forged.example>', subject: 'Forged', listId: '<forged.example>', unsubscribe: `<${list.origin}/forged>`, post: true },
        { from: 'Ann <ann@people.example>', subject: 'Lunch?' },
        // One-click offered and signed, but the list's server answers 500: mailto and a link to fall back on.
        { from: 'Flaky <news@flaky.example>', subject: 'Flaky news', listId: '<flaky.example>', unsubscribe: `<${list.origin}/fail/flaky>, <mailto:leave@flaky.example?subject=stop>`, post: true, sign: 'flaky.example' },
        // The same with nothing but the one-click page: the page is offered for the user to open.
        { from: 'Broken <news@broken.example>', subject: 'Broken news', listId: '<broken.example>', unsubscribe: `<${list.origin}/fail/broken>`, post: true, sign: 'broken.example' },
        // A list server that does not answer within the client's timeout (2 s here, 10 s in production).
        { from: 'Slow <news@slow.example>', subject: 'Slow news', listId: '<slow.example>', unsubscribe: `<${list.origin}/slow/x>, <mailto:leave@slow.example>`, post: true, sign: 'slow.example' },
        // A list server whose certificate does not verify: a TLS failure, nothing sent.
        { from: 'Bad Cert <news@badcert.example>', subject: 'Bad cert news', listId: '<badcert.example>', unsubscribe: `<${untrusted.origin}/unsub/y>, <mailto:leave@badcert.example>`, post: true, sign: 'badcert.example' },
        ...HOSTILE_URLS.map((url, i) => ({ from: `Hostile ${i} <h${i}@hostile.example>`, subject: `Hostile ${i}`, listId: `"Hostile ${i}" <h${i}.hostile.example>`, unsubscribe: `<${url}>`, post: true, sign: 'hostile.example' })),
      ]),
      ME,
    );
    await t.sandbox.importMbox(await mbox([{ from: 'Other List <news@other.example>', subject: 'Other', listId: '<other.example>', unsubscribe: '<mailto:leave@other.example>' }]), OTHER);
    me = await userWithMailbox(t, ME);
    other = await userWithMailbox(t, OTHER);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await list?.close();
    await untrusted?.close();
    await new Promise((resolve) => loopback?.server.close(resolve));
  });

  it('lists the lists and bulk senders by volume with counts, opened, methods and state; personal mail is not one', async () => {
    const { subscriptions: all, total } = await subscriptions(me);
    expect(total).toBe(8 + HOSTILE_URLS.length);
    expect(all.map((s) => s.name).slice(0, 2)).toEqual(['Acme Weekly', 'Shop Deals']);
    expect(all.some((s) => s.sender.address === 'ann@people.example')).toBe(false);
    const weekly = all[0]!;
    expect(weekly).toMatchObject({ listId: 'weekly.acme.example', messageCount: 3, opened: 1, methods: ['mailto', 'link'], state: 'subscribed', link: 'https://acme.example/manage' });
    expect(weekly.mailto).toEqual({ to: ['leave-weekly@acme.example'], subject: 'unsubscribe weekly' });
    expect(weekly.months.at(-1)).toEqual({ month: '2026-11', count: 3 });
    expect(all.find((s) => s.name === 'One Click')?.methods).toEqual(['one-click', 'link']);
    expect((await subscriptions(me, { filter: 'never-opened' })).subscriptions.some((s) => s.name === 'Acme Weekly')).toBe(false);
    expect((await subscriptions(other)).subscriptions.map((s) => s.name)).toEqual(['Other List']);
  });

  it('read-only until a write action: mailto needs the write scope and nothing is sent without it', async () => {
    const weekly = await byName('Acme Weekly');
    const { response } = await unsubscribe({ subscriptionIds: [weekly.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } } });
    expect(sentTo('leave-weekly@acme.example')).toHaveLength(0);
  });

  it('a link-only sender gets a link for the user, and the server requests nothing', async () => {
    const before = list.requests.length;
    const { results } = await unsubscribe({ subscriptionIds: [(await byName('Shop Deals')).id] });
    expect(results?.results[0]).toMatchObject({ method: 'link', outcome: 'open-link', link: 'https://shop.example/prefs' });
    expect(list.requests.length).toBe(before);
    expect((await byName('Shop Deals')).state).toBe('requested');
  });

  it('one-click POSTs exactly the RFC 8058 body when DKIM covers both headers; a forged header without DKIM is not used', async () => {
    const { results } = await unsubscribe({ subscriptionIds: [(await byName('One Click')).id, (await byName('Forged')).id] });
    expect(results?.results.map((r) => [r.name, r.method, r.outcome]), JSON.stringify(results)).toEqual([
      ['One Click', 'one-click', 'unsubscribed'],
      ['Forged', 'link', 'open-link'],
    ]);
    expect(results?.results[1]?.note).toMatch(/DKIM signature did not verify/);
    expect(list.requests).toEqual([{ method: 'POST', url: '/unsub/abc', contentType: 'application/x-www-form-urlencoded', cookie: undefined, body: 'List-Unsubscribe=One-Click' }]);
  });

  it(`none of ${HOSTILE_URLS.length} hostile one-click values in signed mail reaches a loopback address`, async () => {
    const hostile = (await subscriptions(me)).subscriptions.filter((s) => s.name.startsWith('Hostile'));
    expect(hostile).toHaveLength(HOSTILE_URLS.length);
    const { results } = await unsubscribe({ subscriptionIds: hostile.map((s) => s.id) });
    expect(results?.results.filter((r) => r.outcome === 'unsubscribed')).toEqual([]);
    expect(loopback.connections()).toBe(0);
    expect(list.requests).toHaveLength(1);
    // Each refusal is recorded with its reason; the refused address is never offered to open instead.
    const refused = results!.results.filter((r) => r.outcome === 'failed');
    expect(refused.length).toBeGreaterThan(40);
    for (const r of refused) expect([r.fallback, r.link, r.message], r.name).toEqual(['block', null, expect.stringMatching(/^One-click failed: Mailroom refused/)]);
    const listed = (await subscriptions(me, { filter: 'requested' })).subscriptions.filter((s) => s.state === 'failed' && s.name.startsWith('Hostile'));
    expect(listed.map((s) => s.name).sort()).toEqual(refused.map((r) => r.name).sort());
    expect(listed.every((s) => s.fallback === 'block' && /refused/.test(s.requestResult ?? ''))).toBe(true);
  });

  it('a one-click POST the list server refuses is recorded with its reason and offers the next method, never a GET', async () => {
    const flaky = await byName('Flaky');
    const broken = await byName('Broken');
    expect(flaky.methods).toEqual(['one-click', 'mailto', 'link']);
    const before = list.requests.length;
    const { results } = await unsubscribe({ subscriptionIds: [flaky.id, broken.id, (await byName('Slow')).id, (await byName('Bad Cert')).id] });
    expect(results?.results.map((r) => [r.name, r.method, r.outcome, r.fallback, r.link])).toEqual([
      ['Flaky', 'one-click', 'failed', 'mailto', null],
      ['Broken', 'one-click', 'failed', 'link', `${list.origin}/fail/broken`],
      ['Slow', 'one-click', 'failed', 'mailto', null],
      ['Bad Cert', 'one-click', 'failed', 'mailto', null],
    ]);
    // The certificate failed before any request: the reason says so, and the server saw nothing.
    expect(results?.results[3]?.message).toMatch(/^One-click failed: the server’s certificate is not valid \(.*self[- ]signed.*\)\.$/);
    expect(untrusted.requests).toHaveLength(0);
    expect((await byName('Bad Cert')).requestResult).toBe(results?.results[3]?.message);
    expect(results?.results[0]?.message).toBe('One-click failed: the list’s server refused the unsubscribe (HTTP 500).');
    expect(results?.results[2]?.message).toBe('One-click failed: no answer within 2 s.');
    expect((await byName('Slow')).requestResult).toBe('One-click failed: no answer within 2 s.');
    // One POST each and nothing else: no retry, no GET.
    expect(list.requests.slice(before).map((r) => `${r.method} ${r.url}`).sort()).toEqual(['POST /fail/broken', 'POST /fail/flaky', 'POST /slow/x']);

    const shown = await byName('Flaky');
    expect(shown).toMatchObject({ state: 'failed', requestMethod: 'one-click', fallback: 'mailto', requestResult: 'One-click failed: the list’s server refused the unsubscribe (HTTP 500).' });
    expect((await byName('Broken')).fallback).toBe('link');
    // The watch leaves a failed request alone: it never becomes "stopped".
    await checkUnsubscribed(t.app.mailroom.services);
    expect((await byName('Flaky')).state).toBe('failed');
    expect((await subscriptions(me, { filter: 'requested' })).subscriptions.some((s) => s.name === 'Flaky')).toBe(true);
  });

  it('the fallback is taken only when asked: the link is answered for the user to open, a method not offered is FAILED_PRECONDITION', async () => {
    const before = list.requests.length;
    const { results } = await unsubscribe({ subscriptionIds: [(await byName('Broken')).id], method: 'link' });
    expect(results?.results[0]).toMatchObject({ method: 'link', outcome: 'open-link', link: `${list.origin}/fail/broken` });
    expect(list.requests.length).toBe(before);
    const broken = await byName('Broken');
    expect(broken).toMatchObject({ state: 'requested', requestMethod: 'link', fallback: null });
    expect(broken.history).toEqual([{ method: 'one-click', outcome: 'failed', result: 'One-click failed: the list’s server refused the unsubscribe (HTTP 500).', at: expect.any(String) }]);

    const none = await unsubscribe({ subscriptionIds: [broken.id], method: 'mailto' });
    expect(none.response.statusCode).toBe(400);
    expect(none.response.json()).toMatchObject({ error: { status: 'FAILED_PRECONDITION', details: { reason: 'METHOD_NOT_OFFERED' } } });
    expect(list.requests.length).toBe(before);
  });

  it('with write access: mailto is sent from the user’s mailbox, existing mail archived, and undo restores it', async () => {
    await connectGmail(me.browser, { write: true });
    const weekly = await byName('Acme Weekly');
    const before = mailboxSnapshot(t, ME);
    const { results } = await unsubscribe({ subscriptionIds: [weekly.id], archiveExisting: true });
    expect(results?.results[0]).toMatchObject({ method: 'mailto', outcome: 'sent' });
    const sent = sentTo('leave-weekly@acme.example');
    expect(sent).toHaveLength(1);
    expect(Buffer.from(sent[0]!.raw).toString('utf8')).toMatch(/Subject: unsubscribe weekly/);
    expect(results?.archive?.count).toBe(3);
    const weeklyIds = [...t.sandbox.store.mailbox(ME).messages.values()].filter((m) => Buffer.from(m.raw).toString('utf8').includes('weekly.acme.example')).map((m) => m.id);
    expect(weeklyIds).toHaveLength(3);
    const after = mailboxSnapshot(t, ME);
    expect(weeklyIds.filter((id) => after[id]?.includes('INBOX'))).toEqual([]);
    await settle(t);
    expect((await byName('Acme Weekly')).state).toBe('requested');
    const undo = await me.call('undoActionBatch', { batchId: results!.archive!.batchId });
    expect(undo.statusCode, undo.body).toBe(200);
    const restored = mailboxSnapshot(t, ME);
    for (const [id, labels] of Object.entries(before)) expect(restored[id], id).toEqual(labels);
  });

  it('after a failed one-click, the mailto fallback sends the message and the failure stays in the history', async () => {
    const before = list.requests.length;
    const { results } = await unsubscribe({ subscriptionIds: [(await byName('Flaky')).id], method: 'mailto' });
    expect(results?.results[0]).toMatchObject({ method: 'mailto', outcome: 'sent' });
    expect(sentTo('leave@flaky.example')).toHaveLength(1);
    expect(list.requests.length).toBe(before);
    const flaky = await byName('Flaky');
    expect(flaky).toMatchObject({ state: 'requested', requestMethod: 'mailto', fallback: null });
    expect(flaky.history.map((a) => [a.method, a.outcome, a.result])).toEqual([['one-click', 'failed', 'One-click failed: the list’s server refused the unsubscribe (HTTP 500).']]);
  });

  it('block archives its inbox mail now and its new mail as it syncs; unblock stops that', async () => {
    const deals = await byName('Shop Deals');
    const blocked = await me.call('blockSender', { subscriptionId: deals.id });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await byName('Shop Deals')).state).toBe('blocked');
    const inboxOf = () => [...t.sandbox.store.mailbox(ME).messages.values()].filter((m) => Buffer.from(m.raw).toString('utf8').includes('deals@shop.example') && m.labelIds.includes('INBOX'));
    expect(inboxOf()).toHaveLength(0);
    await t.sandbox.importMbox(await mbox([{ from: 'Shop Deals <deals@shop.example>', subject: 'New deal', unsubscribe: '<https://shop.example/prefs>' }]), ME);
    await t.jobs.enqueue(SYNC_JOB, { accountId: me.accountId });
    await settle(t);
    expect(inboxOf()).toHaveLength(0);
    expect((await byName('Shop Deals')).messageCount).toBe(3);

    expect((await me.call('unblockSender', { subscriptionId: deals.id })).json()).toEqual({ result: { unblocked: true } });
    await t.sandbox.importMbox(await mbox([{ from: 'Shop Deals <deals@shop.example>', subject: 'Another deal', unsubscribe: '<https://shop.example/prefs>' }]), ME);
    await t.jobs.enqueue(SYNC_JOB, { accountId: me.accountId });
    await settle(t);
    expect(inboxOf().length).toBe(1);
  });

  it('the watch: no mail for 2 days marks stopped; mail after 2 days marks still sending with the evidence', async () => {
    clock.set(NOW + 2 * DAY + 60_000);
    await checkUnsubscribed(t.app.mailroom.services);
    expect((await byName('One Click')).state).toBe('stopped');
    await t.sandbox.importMbox(
      await mbox([{ from: 'One Click <news@oneclick.example>', subject: 'We kept sending', listId: '<news.oneclick.example>', unsubscribe: `<${list.origin}/unsub/abc>`, date: NOW + 3 * DAY }]),
      ME,
    );
    await t.jobs.enqueue(SYNC_JOB, { accountId: me.accountId });
    await settle(t);
    clock.set(NOW + 3 * DAY + 60_000);
    await checkUnsubscribed(t.app.mailroom.services);
    const oneClick = await byName('One Click');
    expect(oneClick.state).toBe('still_sending');
    expect(oneClick.stillSending?.subject).toBe('We kept sending');
  });

  it('another user’s subscription ids answer NOT_FOUND and change nothing', async () => {
    const theirs = (await subscriptions(other)).subscriptions[0]!;
    for (const [name, data] of [
      ['unsubscribe', { subscriptionIds: [theirs.id] }],
      ['blockSender', { subscriptionId: theirs.id }],
    ] as const) {
      const response = await me.call(name, data);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
    }
    expect(sentTo('leave@other.example')).toHaveLength(0);
    expect((await subscriptions(other)).subscriptions[0]?.state).toBe('subscribed');
    const bad = await me.call('unsubscribe', { subscriptionIds: ['not base64!'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('subscriptionIds');
  });
});

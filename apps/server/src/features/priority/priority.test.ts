import type { InboxEmail } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { createMailboxTestApp, sandboxSearch, settle, type MailboxTestApp, type MailboxUser, userWithMailbox } from '../../testing/mailbox-app.ts';

type Reply = { statusCode: number; body: string; json: () => unknown };

async function ok<T>(response: Promise<Reply>): Promise<T> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { result: T }).result;
}

async function failure(response: Promise<Reply>) {
  const r = await response;
  return { http: r.statusCode, ...(r.json() as { error: { status: string; message: string; details?: Record<string, unknown> } }).error };
}

interface InboxPage {
  messages: InboxEmail[];
  nextPageToken: string | null;
  total: number | null;
  counts: { important: number; other: number };
  threshold: number;
  learnedActions: number;
  lastEffect: string | null;
}

interface Entry {
  from: string;
  subject: string;
  to?: string;
  cc?: string;
  labels?: string;
  headers?: string[];
  minutesAgo?: number;
}

/** A Takeout-style mbox: one message per entry, headers as given. */
function mbox(entries: readonly Entry[]): string {
  return entries
    .map((e, i) =>
      [
        'From sender@example.org Sat Nov 21 06:00:00 2026',
        `From: ${e.from}`,
        `To: ${e.to ?? 'alice@example.com'}`,
        ...(e.cc ? [`Cc: ${e.cc}`] : []),
        `Subject: ${e.subject}`,
        `Message-ID: <prio-${i}-${e.subject.replace(/\W+/g, '-')}@example.org>`,
        `Date: ${new Date(Date.now() - (e.minutesAgo ?? 60 + i) * 60_000).toUTCString()}`,
        ...(e.headers ?? []),
        `X-Gmail-Labels: ${e.labels ?? 'Inbox,Unread'}`,
        '',
        `Body of ${e.subject}.`,
        '',
      ].join('\n'),
    )
    .join('\n');
}

const NEWSLETTER = ['List-Unsubscribe: <https://news.shop.example/u/1>', 'Precedence: bulk', 'Feedback-ID: 123:shop:esp', 'X-Mailer: Mailchimp Mailer'];
const LIST = ['List-Id: Pond watchers <pond.lists.example>', 'List-Post: <mailto:pond@lists.example>'];

const MAILBOX: Entry[] = [
  { from: 'Bartholomew Finch <bart@finch.example>', subject: 'Lunch on Thursday?' },
  { from: 'Bartholomew Finch <bart@finch.example>', subject: 'The contract draft' },
  { from: 'Bartholomew Finch <bart@finch.example>', subject: 'Photos from the trip' },
  { from: 'Cordelia Marsh <cordelia@marsh.example>', subject: 'Pond minutes', to: 'pond@lists.example', headers: LIST },
  { from: 'Cordelia Marsh <cordelia@marsh.example>', subject: 'Next meeting agenda', to: 'pond@lists.example', headers: LIST },
  { from: 'Shop Deals <deals@news.shop.example>', subject: 'Huge savings this weekend only', headers: NEWSLETTER },
  { from: 'Shop Deals <deals@news.shop.example>', subject: 'Your exclusive 50% off coupon', headers: NEWSLETTER },
  { from: 'Shop Deals <deals@news.shop.example>', subject: 'Last chance: sale ends tonight', headers: NEWSLETTER },
  { from: 'Feed Gateway <rss@feedburner.com>', subject: 'New post: weekly digest', headers: ['Auto-Submitted: auto-generated'] },
  { from: 'Eustace Pike <eustace@pike.example>', subject: 'Question about the invoice' },
  { from: 'Eustace Pike <eustace@pike.example>', subject: 'Follow-up on the invoice', labels: 'Inbox' },
  { from: 'Philippa Wren <philippa@wren.example>', subject: 'Garden plans' },
  { from: 'Philippa Wren <philippa@wren.example>', subject: 'Seed order' },
];

describe.each(ENGINES)('priority and Inbox Flow (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;

  const inbox = (user: MailboxUser, data: Record<string, unknown>) => ok<InboxPage>(user.call('listInbox', data));
  const everything = async (user: MailboxUser) => {
    const all: InboxEmail[] = [];
    let pageToken: string | null = null;
    do {
      const page: InboxPage = await inbox(user, { split: 'all', pageSize: 4, ...(pageToken ? { pageToken } : {}) });
      all.push(...page.messages);
      pageToken = page.nextPageToken;
    } while (pageToken);
    return all;
  };
  const bySubject = (list: readonly InboxEmail[], subject: string) => {
    const found = list.find((m) => m.subject === subject);
    if (!found) throw new Error(`no message "${subject}" in the inbox`);
    return found;
  };
  /** An id of Alice's that Bob's mailbox does not have (the sandbox numbers each mailbox's messages alike). */
  const aliceOnly = async () => {
    const bobs = new Set(await sandboxSearch(t, bob, 'in:anywhere'));
    return (await sandboxSearch(t, alice, 'in:inbox')).find((id) => !bobs.has(id))!;
  };
  const modify = (user: MailboxUser, messageIds: string[], action: string, split = 'all') =>
    ok<{ batchId: string }>(user.call('modifyEmails', { target: { source: { kind: 'inbox', split }, messageIds }, action }));

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    await t.sandbox.importMbox(mbox(MAILBOX), 'alice@example.com');
    alice = await userWithMailbox(t, 'alice@example.com', { write: true });
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 10 });
  });
  afterAll(async () => {
    await t.close();
  });

  test('from the first sync, every inbox message has a score and a reason; people writing to the user rank above a list, a list above bulk mail and feeds', async () => {
    const all = await everything(alice);
    expect(all.map((m) => m.id).sort()).toEqual((await sandboxSearch(t, alice, 'in:inbox')).sort());
    for (const m of all) {
      expect(m.priority.score).toBeGreaterThanOrEqual(0);
      expect(m.priority.score).toBeLessThanOrEqual(100);
      expect(m.priority.reason).not.toBe('');
    }
    const scores = all.map((m) => m.priority.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const person = bySubject(all, 'Lunch on Thursday?').priority.score;
    const list = bySubject(all, 'Pond minutes').priority.score;
    const bulk = bySubject(all, 'Huge savings this weekend only').priority.score;
    const feed = bySubject(all, 'New post: weekly digest').priority.score;
    expect(person).toBeGreaterThan(list);
    expect(list).toBeGreaterThan(bulk);
    expect(list).toBeGreaterThan(feed);
    // The kept headers are what marks the newsletter: stored as metadata, no body.
    const stored = await t.database.db.selectFrom('messages').select(['extra_headers']).where('account_id', '=', alice.accountId).where('subject', '=', 'Huge savings this weekend only').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.extra_headers)).toMatchObject({ precedence: 'bulk', 'feedback-id': '123:shop:esp', 'x-mailer': 'Mailchimp Mailer' });
    expect(stored.extra_headers).not.toContain('Body of');
  });

  test('the Important and Other tabs split the inbox at the threshold, with counts', async () => {
    const important = await inbox(alice, { split: 'important' });
    const other = await inbox(alice, { split: 'other' });
    const all = await inbox(alice, { split: 'all' });
    expect(important.counts).toEqual(other.counts);
    expect(important.total).toBe(important.counts.important);
    expect(other.total).toBe(other.counts.other);
    expect(all.total).toBe(important.counts.important + important.counts.other);
    expect(important.messages.length).toBeGreaterThan(0);
    expect(other.messages.length).toBeGreaterThan(0);
    for (const m of important.messages) expect(m.priority).toMatchObject({ important: true });
    for (const m of other.messages) expect(m.priority).toMatchObject({ important: false });
    expect(Math.min(...important.messages.map((m) => m.priority.score))).toBeGreaterThanOrEqual(Math.max(...other.messages.map((m) => m.priority.score)));
  });

  test('explainPriority gives the score, the threshold and the 3–5 reasons in words; another user’s message is NOT_FOUND, a malformed id INVALID_ARGUMENT', async () => {
    const all = await everything(alice);
    const lunch = bySubject(all, 'Lunch on Thursday?');
    const explained = await ok<{ score: number; threshold: number; important: boolean; contributions: Array<{ text: string; weight: number }> }>(
      alice.call('explainPriority', { messageId: lunch.id }),
    );
    expect(explained.score).toBe(lunch.priority.score);
    expect(explained.important).toBe(lunch.priority.important);
    expect(explained.contributions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(explained.contributions.map((c) => c.text)).size).toBe(explained.contributions.length);
    for (const c of explained.contributions) expect(c.text).toMatch(/\w/);
    expect(explained.contributions.length).toBeLessThanOrEqual(5);
    expect(explained.contributions[0]!.text).toBe(lunch.priority.reason);
    expect(await failure(bob.call('explainPriority', { messageId: await aliceOnly() }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    const malformed = await failure(alice.call('explainPriority', { messageId: 'no/such id' }));
    expect(malformed).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(JSON.stringify(malformed.details)).toContain('messageId');
    expect(await failure(alice.call('listInbox', { split: 'all', pageToken: 'nonsense' }))).toMatchObject({ status: 'INVALID_ARGUMENT', details: { field: 'pageToken' } });
  });

  test('undoing a star takes back what it taught: the sender’s other mail ranks as before', async () => {
    const before = await everything(alice);
    const garden = bySubject(before, 'Garden plans');
    const seeds = bySubject(before, 'Seed order').priority.score;
    const learnedBefore = (await inbox(alice, { split: 'all' })).learnedActions;
    const starred = await modify(alice, [garden.id], 'star');
    const raised = bySubject(await everything(alice), 'Seed order').priority.score;
    expect(raised).toBeGreaterThan(seeds + 5);
    const why = async () => (await ok<{ contributions: Array<{ text: string }> }>(alice.call('explainPriority', { messageId: garden.id }))).contributions.map((c) => c.text).join(' | ');
    expect(await why()).toMatch(/You starred it/u);

    await ok(alice.call('undoActionBatch', { batchId: starred.batchId }));
    const after = await everything(alice);
    expect(Math.abs(bySubject(after, 'Seed order').priority.score - seeds)).toBeLessThanOrEqual(2);
    expect(await why()).not.toMatch(/starred/u);
    expect((await inbox(alice, { split: 'all' })).learnedActions).toBe(learnedBefore);
    const log = await t.database.db.selectFrom('priority_actions').select(['source', 'action', 'learned_at']).where('account_id', '=', alice.accountId).where('message_id', '=', garden.id).execute();
    expect(log.map((l) => `${l.source}:${l.action}`).sort()).toEqual(['mailroom:star', 'undo:star']);
    expect(log.every((l) => l.learned_at !== null)).toBe(true);
    // The background job re-scores the whole mailbox with the retraction too; the sender stays where it was.
    await t.jobs.idle();
    expect(Math.abs(bySubject(await everything(alice), 'Seed order').priority.score - seeds)).toBeLessThanOrEqual(2);
  });

  test('starring a message teaches the model: the sender’s other mail ranks higher, and the model says so', async () => {
    const before = await everything(alice);
    const photos = bySubject(before, 'Photos from the trip');
    const others = ['Lunch on Thursday?', 'The contract draft'].map((s) => bySubject(before, s).priority.score);
    await modify(alice, [photos.id], 'star');
    const after = await everything(alice);
    const raised = ['Lunch on Thursday?', 'The contract draft'].map((s) => bySubject(after, s).priority.score);
    expect(raised[0]).toBeGreaterThan(others[0]!);
    expect(raised[1]).toBeGreaterThan(others[1]!);
    const page = await inbox(alice, { split: 'all' });
    expect(page.learnedActions).toBeGreaterThanOrEqual(1);
    expect(page.lastEffect).toBe('Mail from Bartholomew Finch will rank higher');
    const feedback = await ok<{ effect: string | null; score: number }>(alice.call('recordFeedback', { messageId: photos.id, action: 'reply' }));
    expect(feedback.effect).toBe('Mail from Bartholomew Finch will rank higher');
    // The step after an action re-scored the related mail; the job re-scores the rest.
    await t.jobs.idle();
    const model = await t.database.db.selectFrom('priority_models').select(['updated_at', 'rescored_at']).where('account_id', '=', alice.accountId).executeTakeFirstOrThrow();
    expect(Number(model.rescored_at)).toBeGreaterThanOrEqual(Number(model.updated_at));
  });

  test('"not important" and "important" move a message between the tabs at once', async () => {
    const important = await inbox(alice, { split: 'important' });
    const top = important.messages[0]!;
    await modify(alice, [top.id], 'not_important', 'important');
    const other = await inbox(alice, { split: 'other', pageSize: 100 });
    expect(other.messages.map((m) => m.id)).toContain(top.id);
    expect((await inbox(alice, { split: 'important', pageSize: 100 })).messages.map((m) => m.id)).not.toContain(top.id);

    const low = other.messages.find((m) => m.subject === 'Last chance: sale ends tonight')!;
    await modify(alice, [low.id], 'important', 'other');
    expect((await inbox(alice, { split: 'important', pageSize: 100 })).messages.map((m) => m.id)).toContain(low.id);
  });

  test('deleting a newsletter sinks its other issues; what happens in Gmail (read, archived) is learned from sync', async () => {
    const before = await everything(alice);
    const coupon = bySubject(before, 'Your exclusive 50% off coupon');
    const savings = bySubject(before, 'Huge savings this weekend only').priority.score;
    await modify(alice, [coupon.id], 'delete');
    const after = await everything(alice);
    expect(after.map((m) => m.id)).not.toContain(coupon.id);
    expect(bySubject(after, 'Huge savings this weekend only').priority.score).toBeLessThan(savings);

    const question = bySubject(after, 'Question about the invoice');
    t.sandbox.store.mailbox(alice.email).modify([question.id], [], ['UNREAD', 'INBOX']);
    await settle(t);
    const logged = await t.database.db
      .selectFrom('priority_actions')
      .select(['action', 'source', 'learned_at'])
      .where('account_id', '=', alice.accountId)
      .where('message_id', '=', question.id)
      .execute();
    expect(logged.map((l) => `${l.source}:${l.action}`).sort()).toEqual(['sync:archive', 'sync:open']);
    expect(logged.every((l) => l.learned_at !== null)).toBe(true);
    expect((await everything(alice)).map((m) => m.id)).not.toContain(question.id);
  });

  test('"select all" in a tab acts on exactly that tab, and is undone', async () => {
    const other = await inbox(alice, { split: 'other', pageSize: 100 });
    const wasStarred = new Set(other.messages.filter((m) => m.starred).map((m) => m.id));
    const result = await ok<{ batchId: string; count: number }>(alice.call('modifyEmails', { target: { source: { kind: 'inbox', split: 'other' }, all: true }, action: 'star' }));
    expect(result.count).toBe(other.total);
    const starred = await sandboxSearch(t, alice, 'is:starred');
    for (const m of other.messages) expect(starred).toContain(m.id);
    await ok(alice.call('undoActionBatch', { batchId: result.batchId }));
    for (const m of other.messages) {
      expect(t.sandbox.store.mailbox(alice.email).messages.get(m.id)?.labelIds.includes('STARRED'), m.subject).toBe(wasStarred.has(m.id));
    }
  });

  test('archiving takes a message out of the tabs’ counts at once, and Undo puts it back in them', async () => {
    const before = await inbox(alice, { split: 'all' });
    const [top] = before.messages;
    const archived = await modify(alice, [top!.id], 'archive');
    const after = await inbox(alice, { split: 'all' });
    expect(after.total).toBe(before.total! - 1);
    expect(after.messages.map((m) => m.id)).not.toContain(top!.id);
    await ok(alice.call('undoActionBatch', { batchId: archived.batchId }));
    const undone = await inbox(alice, { split: 'all' });
    expect(undone.total).toBe(before.total);
    expect(undone.messages.map((m) => m.id)).toContain(top!.id);
  });

  test('new mail notifies by the priority score: mail from a sender the user values does, a newsletter they delete does not', async () => {
    // New mail notifies when it arrived after the mailbox was connected (a second's Date precision).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.sandbox.importMbox(
      mbox([
        { from: 'Bartholomew Finch <bart@finch.example>', subject: 'Dinner tonight', minutesAgo: 0 },
        { from: 'Shop Deals <deals@news.shop.example>', subject: 'Flash sale starts now', headers: NEWSLETTER, minutesAgo: 0 },
      ]),
      alice.email,
    );
    await settle(t);
    const fresh = await everything(alice);
    const dinner = bySubject(fresh, 'Dinner tonight');
    const sale = bySubject(fresh, 'Flash sale starts now');
    expect(dinner.priority.important).toBe(true);
    expect(sale.priority.important).toBe(false);
    const notified = await t.database.db.selectFrom('notified_messages').select('message_id').where('account_id', '=', alice.accountId).execute();
    // Alice never wrote to Bartholomew: without priority's judge, notifications would have chosen neither.
    expect(notified.map((n) => n.message_id)).toEqual([dinner.id]);
  });

  test('the parsed model is reused only while it is the stored one: a write by another server shows at once', async () => {
    const [first] = (await inbox(alice, { split: 'all' })).messages;
    const explain = () => ok<{ threshold: number }>(alice.call('explainPriority', { messageId: first!.id }));
    const before = (await explain()).threshold;
    // Another process learns: the row's state and version change under this server's cache.
    const row = await t.database.db.selectFrom('priority_models').select(['state', 'version']).where('account_id', '=', alice.accountId).executeTakeFirstOrThrow();
    const state = JSON.parse(row.state) as { threshold: number };
    const moved = before > 60 ? 30 : 77;
    await t.database.db
      .updateTable('priority_models')
      .set({ state: JSON.stringify({ ...state, threshold: moved }), version: Number(row.version) + 1 })
      .where('account_id', '=', alice.accountId)
      .execute();
    expect((await explain()).threshold).toBe(moved);
    // Put back what the model had (the next tests read it).
    await t.database.db.updateTable('priority_models').set({ state: row.state, version: Number(row.version) + 2 }).where('account_id', '=', alice.accountId).execute();
    expect((await explain()).threshold).toBe(before);
  });

  test('recordFeedback with undo takes the reading pane’s “More important” back: the message returns to its side and score', async () => {
    const agenda = bySubject(await everything(alice), 'Next meeting agenda');
    expect(agenda.priority.important).toBe(false);
    const marked = await ok<{ score: number; important: boolean }>(alice.call('recordFeedback', { messageId: agenda.id, action: 'important' }));
    expect(marked.important).toBe(true);
    const undone = await ok<{ score: number; important: boolean; effect: string | null }>(alice.call('recordFeedback', { messageId: agenda.id, action: 'important', undo: true }));
    expect(undone).toMatchObject({ important: false, effect: null });
    expect(Math.abs(undone.score - agenda.priority.score)).toBeLessThanOrEqual(2);
    const why = await ok<{ contributions: Array<{ text: string }> }>(alice.call('explainPriority', { messageId: agenda.id }));
    expect(why.contributions.map((c) => c.text)).not.toContain('You marked it important');
    // Nothing left to take back: a second undo changes nothing.
    const again = await ok<{ score: number }>(alice.call('recordFeedback', { messageId: agenda.id, action: 'important', undo: true }));
    expect(again.score).toBe(undone.score);
    const log = await t.database.db
      .selectFrom('priority_actions')
      .select(['source', 'action'])
      .where('account_id', '=', alice.accountId)
      .where('message_id', '=', agenda.id)
      .where('action', '=', 'important')
      .execute();
    expect(log.map((l) => `${l.source}:${l.action}`).sort()).toEqual(['mailroom:important', 'undo:important']);
  });

  test('recordFeedback checks its input: an unknown action, a message not in the mailbox', async () => {
    const [first] = (await inbox(alice, { split: 'all' })).messages;
    const refused = await failure(alice.call('recordFeedback', { messageId: first!.id, action: 'love' }));
    expect(refused).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(JSON.stringify(refused.details)).toContain('data.action');
    expect(await failure(bob.call('recordFeedback', { messageId: await aliceOnly(), action: 'star' }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
  });
});

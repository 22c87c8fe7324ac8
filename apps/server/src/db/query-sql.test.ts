import { evaluate, parse, print, toLabelRow, toSql, toStoreRow, type EvaluationContext, type MessageMeta, type QueryNode, type WordIndex } from '@mailroom/mail-query';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOCABULARY,
  fieldNode,
  flagNode,
  queryTree,
  relativeNode,
  sizeNode,
} from '../../../../packages/mail-query/src/testing/arbitraries.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './testing.ts';
import { expressionBuilder, sql } from 'kysely';
import { countMatches, pageWhere } from './word-index.ts';
import * as labelBits from './migrations/20261121T1100_message_label_bits.ts';

/** The migration's backfill, run again on a column that is already there. */
const backfill = {
  async up(db: Parameters<typeof labelBits.up>[0]): Promise<void> {
    await sql`update messages set system_labels = 0`.execute(db);
    await labelBits.backfillSystemLabels(db);
  },
};

/**
 * toSql must return exactly what evaluate returns for every query the store can answer, on
 * both engines: random queries over random messages, compared row for row.
 */
const LABELS = [
  { id: 'Label_1', name: 'Work/Projects' },
  { id: 'Label_2', name: 'work projects' },
  { id: 'Label_3', name: 'Receipts' },
  { id: 'Label_4', name: 'alpha' },
  { id: 'Label_5', name: 'Inbox' },
  { id: 'INBOX', name: 'INBOX' },
];
// Another account has labels with the same names but other ids: label: must stay in its account.
const OTHER_ACCOUNT_LABELS = [
  { id: 'Label_9', name: 'Receipts' },
  { id: 'Label_3', name: 'Something else' },
];
const LABEL_IDS = [
  'INBOX', 'UNREAD', 'STARRED', 'IMPORTANT', 'SENT', 'DRAFT', 'SPAM', 'TRASH', 'SNOOZED', 'MUTED', 'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_UPDATES', 'CATEGORY_FORUMS', 'Label_1', 'Label_2', 'Label_3', 'Label_4', 'Label_9',
];
const NOW = new Date('2024-06-15T10:30:00.250Z');
const START = Date.UTC(2023, 0, 1);
const END = Date.UTC(2025, 0, 1);

const word = fc.constantFrom(...VOCABULARY);
const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const domain = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => `${w.join('.')}.com`);
const address = fc.record({
  name: fc.option(phrase, { nil: null }),
  address: fc.tuple(word, domain).map(([local, d]) => `${local}@${d}`),
});
const addresses = fc.array(address, { maxLength: 3 });

const messageArb: fc.Arbitrary<Omit<MessageMeta, 'id' | 'threadId'>> = fc.record({
  labelIds: fc.uniqueArray(fc.constantFrom(...LABEL_IDS), { maxLength: 5 }),
  from: fc.array(address, { minLength: 1, maxLength: 2 }),
  to: addresses,
  cc: addresses,
  bcc: addresses,
  deliveredTo: fc.array(address.map((a) => a.address), { maxLength: 2 }),
  subject: fc.oneof(phrase, fc.constant('')),
  internalDate: fc.oneof(
    fc.integer({ min: START, max: END }),
    // Exactly at midnights and near now, where off-by-one errors live.
    fc.integer({ min: 0, max: 700 }).map((d) => START + d * 86_400_000),
    fc.integer({ min: -90, max: 0 }).map((d) => NOW.getTime() + d * 86_400_000),
  ),
  sizeEstimate: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(1024, 1025, 1_048_576, 5 * 1024, 2_000_000)),
  attachments: fc.array(fc.record({ filename: fc.tuple(word, fc.constantFrom('pdf', 'jpg', 'txt')).map(([n, e]) => `${n}.${e}`), mimeType: fc.constant('application/octet-stream') }), { maxLength: 2 }),
  listId: fc.option(domain.map((d) => `Some list <${d}>`), { nil: null }),
  listPost: fc.option(fc.tuple(word, domain).map(([l, d]) => `<mailto:${l}@${d}>`), { nil: null }),
  rfc822MessageId: fc.option(fc.constantFrom('a1@example.com', 'B2@Example.com', 'c3@x'), { nil: null }),
});

const storeLeaf: fc.Arbitrary<QueryNode> = fc.oneof(
  fieldNode(['from', 'to', 'cc', 'bcc', 'deliveredto', 'list', 'subject', 'filename']),
  fieldNode(['label'], fc.constantFrom('work-projects', 'Work/Projects', 'receipts', 'alpha', 'inbox', 'unread', 'category_social', 'nothing'), fc.constantFrom('work projects', 'Receipts')),
  fieldNode(['rfc822msgid'], fc.constantFrom('a1@example.com', '<b2@example.com>', 'c3@x', 'zz@none')),
  flagNode.filter((n) => !(n.kind === 'flag' && n.operator === 'has' && !['attachment', 'userlabels', 'nouserlabels'].includes(n.value))),
  fc
    .record({
      operator: fc.constantFrom('after', 'before', 'older', 'newer' as const),
      date: fc.oneof(
        fc.record({ year: fc.constantFrom(2023, 2024), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) }).map((d) => ({ type: 'day' as const, ...d })),
        fc.integer({ min: START / 1000, max: END / 1000 }).map((seconds) => ({ type: 'epoch' as const, seconds })),
      ),
    })
    .map(({ operator, date }) => ({ kind: 'date' as const, operator, date, span: { start: 0, end: 0 } })),
  relativeNode.map((n) => (n.kind === 'relative' ? { ...n, amount: n.amount % (n.unit === 'y' ? 3 : 40) } : n)),
  sizeNode.map((n) => (n.kind === 'size' ? { ...n, amount: n.amount % 6 === 0 ? 1 : n.amount } : n)),
);

describe.each(ENGINES)('toSql agrees with evaluate on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.insertInto('users').values({ id: 'u1', email: 'a@x', display_name: null, created_at: 1, updated_at: 1 }).execute();
    await t.db.insertInto('users').values({ id: 'u2', email: 'b@x', display_name: null, created_at: 1, updated_at: 1 }).execute();
    for (const [id, user] of [['a1', 'u1'], ['a2', 'u2']] as const) {
      await t.db
        .insertInto('mail_accounts')
        .values({ id, user_id: user, provider: 'gmail', email: `${id}@x`, scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1 })
        .execute();
    }
    await t.db.insertInto('labels').values(LABELS.map((l) => toLabelRow('a1', l))).execute();
    await t.db.insertInto('labels').values(OTHER_ACCOUNT_LABELS.map((l) => toLabelRow('a2', l))).execute();
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** With `labels`, label: is resolved while compiling; without, through the labels table. */
  async function storeIds(ast: QueryNode, context: EvaluationContext, resolveLabels = true): Promise<string[]> {
    const compiled = toSql(ast, resolveLabels ? context : { now: context.now, timeZone: context.timeZone });
    if (!compiled.ok) throw new Error(`not compilable: ${print(ast)}`);
    const rows = await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').where(compiled.where).execute();
    return rows.map((r) => r.id).sort();
  }

  /**
   * Through the word index (issue 12): rows the index admits, ANDed with the query's condition;
   * the page plan; and on SQLite, the count the index gives alone when it answers the query.
   */
  const indexPaths = { cut: 0, exact: 0, residual: 0, pageThrough: 0, pageFilter: 0, pagePlain: 0 };
  async function indexedIds(ast: QueryNode, context: EvaluationContext): Promise<{ ids: string[]; page: string[]; indexCount: number | null }> {
    const wordIndex: WordIndex = { engine, accountId: 'a1' };
    const compiled = toSql(ast, { ...context, wordIndex });
    if (!compiled.ok) throw new Error(`not compilable: ${print(ast)}`);
    const eb = expressionBuilder<never, never>();
    const where = compiled.index ? eb.and([compiled.index.condition, compiled.plainWhere]) : compiled.plainWhere;
    const rows = await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').where(where).execute();
    // The page plan with an unknown and with a known number of matches, both ways round, for a
    // small and a large account (so that each way to a page is taken: through the index, the
    // index as a filter of a date-ordered scan, and the scan alone).
    const sized = (messages: number) => toSql(ast, { ...context, wordIndex: { ...wordIndex, account: { messages, oldest: START, newest: END } } });
    const plans = [
      { compiled, matches: [null] },
      { compiled: sized(25), matches: [0, 1, rows.length] },
      { compiled: sized(100_000), matches: [rows.length, 300, 800, 1_000_000] },
    ];
    const pages = await Promise.all(
      plans.flatMap(({ compiled: c, matches: counts }) =>
        counts.map(async (matches) => {
          if (!c.ok) throw new Error(`not compilable: ${print(ast)}`);
          const pageCondition = pageWhere(c, ast, 3, matches);
          if (c.index && pageCondition === c.index.condition) indexPaths.pageThrough++;
          else if (c.index && pageCondition === c.index.filter) indexPaths.pageFilter++;
          else if (pageCondition === c.plainWhere) indexPaths.pagePlain++;
          const page = await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').where(pageCondition).orderBy('internal_date', 'desc').orderBy('id', 'desc').limit(3).execute();
          // The page is the three newest matches; the whole condition, without the limit, every match.
          const all = await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').where(pageCondition).execute();
          return { first: page.map((r) => r.id), all: all.map((r) => r.id).sort() };
        }),
      ),
    );
    for (const page of pages) expect(page).toEqual(pages[0]);
    const indexCount = compiled.index?.exact || compiled.index?.residual ? (await countMatches(t.db, 'a1', compiled)).count : null;
    if (compiled.index?.residual) indexPaths.residual++;
    if (compiled.index) indexPaths.cut++;
    if (indexCount !== null) indexPaths.exact++;
    return { ids: rows.map((r) => r.id).sort(), page: (pages[0] as { all: string[] }).all, indexCount };
  }

  it('returns the same messages for random queries over random messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(messageArb, { minLength: 1, maxLength: 25 }),
        fc.array(queryTree(storeLeaf, 3), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'),
        fc.boolean(),
        async (drafts, queries, timeZone, otherAccount) => {
          const messages: MessageMeta[] = drafts.map((d, i) => ({ ...d, id: `m${i}`, threadId: `t${i}` }));
          await t.db.deleteFrom('messages').execute();
          await t.db.insertInto('messages').values(messages.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
          // The same messages in the other account, so scoping mistakes show up as extra rows; or
          // none, so the word index's form for a store of one account is taken too.
          if (otherAccount) await t.db.insertInto('messages').values(messages.map((m) => toStoreRow('a2', m, { historyId: null, snippet: null }))).execute();
          const context: EvaluationContext = { now: NOW, timeZone, labels: LABELS };
          for (const ast of queries) {
            const expected = messages.filter((m) => evaluate(ast, m, context)).map((m) => m.id).sort();
            expect({ query: print(ast), ids: await storeIds(ast, context) }).toEqual({ query: print(ast), ids: expected });
            expect({ query: print(ast), ids: await storeIds(ast, context, false) }).toEqual({ query: print(ast), ids: expected });
            const indexed = await indexedIds(ast, context);
            expect({ query: print(ast), ids: indexed.ids, page: indexed.page }).toEqual({ query: print(ast), ids: expected, page: expected });
            if (indexed.indexCount !== null) expect({ query: print(ast), count: indexed.indexCount }).toEqual({ query: print(ast), count: expected.length });
          }
        },
      ),
      { numRuns: engine === 'sqlite' ? 60 : 30 },
    );
    // The index path was taken, not skipped: many queries had a cut, and on SQLite many were
    // answered by the index alone.
    expect(indexPaths.cut).toBeGreaterThan(engine === 'sqlite' ? 50 : 20);
    if (engine === 'sqlite') {
      expect(indexPaths.exact).toBeGreaterThan(20);
      // Every way to a page was taken many times (and each gave the same page).
      expect(Math.min(indexPaths.pageThrough, indexPaths.pageFilter, indexPaths.pagePlain)).toBeGreaterThan(10);
    }
    // Many queries on two engines; the machine running them may be shared.
  }, 180_000);

  it('answers hand-picked store queries like evaluate', async () => {
    const messages: MessageMeta[] = [
      { id: 'x1', threadId: 't', labelIds: ['INBOX', 'Label_1'], from: [{ name: 'Exmh Workers', address: 'exmh-workers-admin@listman.redhat.com' }], to: [], cc: [], bcc: [], deliveredTo: [], subject: 'Bug_report 100%', internalDate: Date.UTC(2024, 0, 15), sizeEstimate: 5000, attachments: [], listId: null, listPost: null, rfc822MessageId: null },
      { id: 'x2', threadId: 't', labelIds: ['SPAM'], from: [{ name: null, address: 'cheap@pills.example' }], to: [], cc: [], bcc: [], deliveredTo: [], subject: 'Bug report', internalDate: Date.UTC(2024, 0, 16), sizeEstimate: 5, attachments: [], listId: null, listPost: null, rfc822MessageId: 'p@q' },
    ];
    await t.db.deleteFrom('messages').execute();
    await t.db.insertInto('messages').values(messages.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
    const context: EvaluationContext = { now: NOW, timeZone: 'Europe/Berlin', labels: LABELS };
    for (const query of ['from:redhat.com', 'subject:"bug report"', 'subject:100', 'label:work-projects', '-rfc822msgid:p@q', 'in:spam', 'in:anywhere subject:bug', 'subject:bug_report', 'label:inbox']) {
      const ast = parse(query);
      const expected = messages.filter((m) => evaluate(ast, m, context)).map((m) => m.id).sort();
      expect({ query, ids: await storeIds(ast, context) }).toEqual({ query, ids: expected });
      expect({ query, ids: await storeIds(ast, context, false) }).toEqual({ query, ids: expected });
    }
    expect(await storeIds(parse('from:redhat.com'), context)).toEqual(['x1']);
    expect(await storeIds(parse('-rfc822msgid:p@q'), context)).toEqual(['x1']);
    expect(await storeIds(parse('in:anywhere subject:bug'), context)).toEqual(['x1', 'x2']);
    // Exact in the word index but for their dates and sizes: counted and paged through the index
    // and those terms alone, with the same answer.
    for (const query of ['subject:bug after:2024/01/16', 'in:anywhere subject:bug before:2024/01/16', 'from:redhat.com larger:1K', 'label:work-projects newer_than:1y', 'subject:report smaller:10']) {
      const ast = parse(query);
      const expected = messages.filter((m) => evaluate(ast, m, context)).map((m) => m.id).sort();
      const indexed = await indexedIds(ast, context);
      expect({ query, ids: indexed.ids, page: indexed.page, count: indexed.indexCount }).toEqual({ query, ids: expected, page: expected, count: engine === 'sqlite' ? expected.length : null });
    }
  });

  it('fills system_labels for rows that existed before the column (migration backfill)', async () => {
    await t.db.deleteFrom('messages').execute();
    const row = toStoreRow('a1', { id: 'old', threadId: 't', labelIds: ['INBOX', 'UNREAD', 'CATEGORY_FORUMS', 'Label_1'], from: [], to: [], cc: [], bcc: [], deliveredTo: [], subject: '', internalDate: 1, sizeEstimate: 1, attachments: [], listId: null, listPost: null, rfc822MessageId: null }, { historyId: null, snippet: null });
    await t.db.insertInto('messages').values({ ...row, system_labels: 0 }).execute();
    await backfill.up(t.db as never);
    const stored = await t.db.selectFrom('messages').select('system_labels').executeTakeFirstOrThrow();
    expect(stored.system_labels).toBe(row.system_labels);
  });

  it('reports body terms instead of guessing', () => {
    const compiled = toSql(parse('from:amy (invoice OR has:drive) a AROUND 3 b'), { now: NOW, timeZone: 'UTC' });
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) {
      expect(compiled.unsupported.map((u) => u.term)).toEqual(['text', 'has:drive', 'around']);
      expect(compiled.unsupported[0]?.span).toEqual({ start: 10, end: 17 });
    }
  });
});

import { labelColumns, parse, toSql, toStoreRow, WORD_INDEX_COLUMNS, WORD_INDEX_PREFIXES, type MessageMeta, type WordIndex } from '@mailroom/mail-query';
import { expressionBuilder } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as searchWordsMigration from './migrations/20261123T1600_search_words_split_before_nfkc.ts';
import { WORD_COLUMNS, WORD_PREFIXES } from './migrations/20261123T1610_word_index.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './testing.ts';
import { countMatches, loadWordIndex, storeGeneration } from './word-index.ts';

const NOW = new Date('2024-06-15T12:00:00Z');

function meta(id: string, overrides: Partial<MessageMeta> = {}): MessageMeta {
  return {
    id, threadId: id, labelIds: ['INBOX'], from: [{ name: 'Ann Example', address: 'ann@example.com' }], to: [], cc: [], bcc: [], deliveredTo: [],
    subject: 'hello world', internalDate: Date.UTC(2024, 5, 1), sizeEstimate: 1000, attachments: [], listId: null, listPost: null, rfc822MessageId: null,
    ...overrides,
  };
}

it('the migration and mail-query name the same index columns and prefixes', () => {
  expect([...WORD_COLUMNS]).toEqual([...WORD_INDEX_COLUMNS]);
  expect(WORD_PREFIXES).toEqual(WORD_INDEX_PREFIXES);
});

describe.each(ENGINES)('the word index on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const id of ['u1', 'u2']) await t.db.insertInto('users').values({ id, email: `${id}@x`, display_name: null, created_at: 1, updated_at: 1 }).execute();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('mail_accounts').execute();
    for (const [id, user] of [['a1', 'u1'], ['a2', 'u2']] as const) {
      await t.db
        .insertInto('mail_accounts')
        .values({ id, user_id: user, provider: 'gmail', email: `${id}@x`, scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1 })
        .execute();
    }
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** Ids through the index condition (forced), and the index-only count where there is one. */
  async function viaIndex(query: string, accountId = 'a1'): Promise<{ ids: string[]; count: number }> {
    const ast = parse(query);
    const wordIndex: WordIndex = await loadWordIndex(t.db, accountId, ast, []);
    const compiled = toSql(ast, { now: NOW, timeZone: 'UTC', wordIndex });
    if (!compiled.ok || !compiled.index) throw new Error(`${query}: no index plan`);
    const eb = expressionBuilder<never, never>();
    const rows = await t.db.selectFrom('messages').select('id').where('account_id', '=', accountId).where(eb.and([compiled.index.condition, compiled.plainWhere])).execute();
    return { ids: rows.map((r) => r.id).sort(), count: (await countMatches(t.db, accountId, compiled)).count };
  }

  it('follows every insert, label change and delete, in its own account only', async () => {
    const rows = [meta('m1', { subject: 'Invoice for March' }), meta('m2', { subject: 'march madness', labelIds: ['INBOX', 'UNREAD'] }), meta('m3')];
    await t.db.insertInto('messages').values(rows.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
    await t.db.insertInto('messages').values(toStoreRow('a2', meta('m1', { subject: 'invoice' }), { historyId: null, snippet: null })).execute();
    expect(await viaIndex('subject:invoice')).toEqual({ ids: ['m1'], count: 1 });
    expect(await viaIndex('subject:march is:unread')).toEqual({ ids: ['m2'], count: 1 });
    await t.db.updateTable('messages').set(labelColumns(['INBOX', 'UNREAD'])).where('account_id', '=', 'a1').where('id', '=', 'm1').execute();
    expect(await viaIndex('subject:march is:unread')).toEqual({ ids: ['m1', 'm2'], count: 2 });
    await t.db.updateTable('messages').set(labelColumns(['TRASH'])).where('account_id', '=', 'a1').where('id', '=', 'm2').execute();
    expect(await viaIndex('subject:march')).toEqual({ ids: ['m1'], count: 1 });
    expect(await viaIndex('subject:march in:trash')).toEqual({ ids: ['m2'], count: 1 });
    await t.db.deleteFrom('messages').where('account_id', '=', 'a1').where('id', '=', 'm1').execute();
    expect(await viaIndex('subject:invoice')).toEqual({ ids: [], count: 0 });
    expect(await viaIndex('subject:invoice', 'a2')).toEqual({ ids: ['m1'], count: 1 });
    // An upsert (the sync's write) replaces the indexed words.
    const changed = toStoreRow('a1', meta('m3', { subject: 'quarterly report' }), { historyId: null, snippet: null });
    await t.db.insertInto('messages').values(changed).onConflict((oc) => oc.columns(['account_id', 'id']).doUpdateSet({ subject: changed.subject, search_subject: changed.search_subject })).execute();
    expect(await viaIndex('subject:quarterly')).toEqual({ ids: ['m3'], count: 1 });
    expect(await viaIndex('subject:hello')).toEqual({ ids: [], count: 0 });
  });

  it('counts a move of the store generation for every write, and lets an account with mail be deleted', async () => {
    expect(await storeGeneration(t.db, 'a1')).toBe(0);
    await t.db.insertInto('messages').values(toStoreRow('a1', meta('g1'), { historyId: null, snippet: null })).execute();
    const afterInsert = await storeGeneration(t.db, 'a1');
    expect(afterInsert).toBeGreaterThan(0);
    await t.db.updateTable('messages').set(labelColumns(['STARRED'])).where('id', '=', 'g1').execute();
    const afterUpdate = await storeGeneration(t.db, 'a1');
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await t.db.insertInto('labels').values({ account_id: 'a1', id: 'Label_1', name: 'Work', type: 'user', name_key: 'work', id_key: '4c6162656c5f31' }).execute();
    expect(await storeGeneration(t.db, 'a1')).toBeGreaterThan(afterUpdate);
    expect(await storeGeneration(t.db, 'a2')).toBe(0);
    // Deleting the account deletes its messages by cascade; the triggers must not stand in the way.
    await t.db.deleteFrom('mail_accounts').where('id', '=', 'a1').execute();
    expect(await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').execute()).toEqual([]);
    expect(await storeGeneration(t.db, 'a1')).toBe(0);
  });

  it('finds rows with hostile headers (a huge word, tens of thousands of recipients) and still takes them', async () => {
    const recipients = Array.from({ length: 12_000 }, (_, i) => ({ name: `Person ${i}`, address: `p${i}@r${i}.example` }));
    const rows = [
      meta('h1', { subject: `${'x'.repeat(3_000)} target` }),
      meta('h2', { to: recipients, subject: 'mass mail' }),
      meta('h3', { subject: 'target practice' }),
    ];
    await t.db.insertInto('messages').values(rows.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
    expect((await viaIndex('subject:target')).ids).toEqual(['h1', 'h3']);
    expect((await viaIndex('to:p11999')).ids).toEqual(['h2']);
    expect((await viaIndex('to:r5000.example subject:mail')).ids).toEqual(['h2']);
  });

  it('counts in the index alone only what the store would match: letters newer than its tables, case folds', async () => {
    const rows = [
      meta('u1', { subject: 'x𞤀y report' }),
      meta('u2', { subject: 'λόγοσ' }),
      meta('u3', { subject: 'λόγος x' }),
      meta('u4', { subject: 'y | z' }),
    ];
    await t.db.insertInto('messages').values(rows.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
    // `x` is a word of u3 only: the Adlam letter does not split x𞤀y (only spaces do).
    expect(await viaIndex('subject:x')).toEqual({ ids: ['u3'], count: 1 });
    expect(await viaIndex('subject:x𞤀y')).toEqual({ ids: ['u1'], count: 1 });
    // The tokenizer folds a final sigma into a sigma; the store does not, and the row check decides.
    expect((await viaIndex('subject:λόγος')).ids).toEqual(['u3']);
    expect((await viaIndex('subject:"x report"')).ids).toEqual([]);
  });

  it('remakes the search columns of stored rows whose words split differently now (™)', async () => {
    const row = toStoreRow('a1', meta('tm', { subject: 'Matrox Parhelia™ now available' }), { historyId: null, snippet: null });
    await t.db.insertInto('messages').values({ ...row, search_subject: ' matrox parheliatm now available ' }).execute();
    await t.db.insertInto('messages').values(toStoreRow('a1', meta('plain'), { historyId: null, snippet: null })).execute();
    await searchWordsMigration.up(t.db as never);
    const stored = await t.db.selectFrom('messages').select(['id', 'search_subject']).orderBy('id').execute();
    expect(stored).toEqual([
      { id: 'plain', search_subject: ' hello world ' },
      { id: 'tm', search_subject: ' matrox parhelia now available ' },
    ]);
    expect((await viaIndex('subject:parhelia')).ids).toEqual(['tm']);
  });
});


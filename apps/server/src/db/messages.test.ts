import { fromStoreRow, toLabelRow, toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from './testing.ts';

const meta: MessageMeta = {
  id: '18c2f0a1b2c3d4e5',
  threadId: '18c2f0a1b2c3d4e0',
  labelIds: ['INBOX', 'UNREAD', 'CATEGORY_UPDATES', 'Label_3'],
  from: [{ name: 'Zoë Ångström', address: 'zoe@example.com' }],
  to: [{ name: null, address: 'me@example.org' }],
  cc: [],
  bcc: [],
  replyTo: [{ name: 'Support', address: 'help@example.com' }],
  deliveredTo: ['me@example.org'],
  subject: 'Your order #123 has shipped',
  internalDate: 1_732_000_000_123,
  sizeEstimate: 48_213,
  attachments: [{ filename: 'invoice.pdf', mimeType: 'application/pdf' }],
  listId: 'Orders <orders.example.com>',
  listPost: null,
  rfc822MessageId: 'Order-123@mail.example.com',
  inReplyTo: null,
  references: null,
  listUnsubscribe: '<https://example.com/u/1>, <mailto:u@example.com>',
  listUnsubscribePost: 'List-Unsubscribe=One-Click',
  bodyText: 'THE BODY MUST NOT BE STORED',
};

describe.each(ENGINES)('message store on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.insertInto('users').values({ id: 'u1', email: 'me@example.org', display_name: null, created_at: 1, updated_at: 1 }).execute();
    await t.db
      .insertInto('mail_accounts')
      .values({
        id: 'a1',
        user_id: 'u1',
        provider: 'gmail',
        email: 'me@example.org',
        scopes: '',
        token_ciphertext: null,
        token_expires_at: null,
        last_refresh_at: null,
        refresh_failures: 0,
        last_error: null,
        needs_reconnect: 0,
        connected_at: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('stores a message row built by toStoreRow and reads the same metadata back, body left out', async () => {
    await t.db.insertInto('messages').values(toStoreRow('a1', meta, { historyId: '9876', snippet: 'Your order has shipped' })).execute();
    await t.db.insertInto('labels').values(toLabelRow('a1', { id: 'Label_3', name: 'Shopping/Orders', type: 'user' })).execute();
    const row = await t.db.selectFrom('messages').selectAll().where('account_id', '=', 'a1').executeTakeFirstOrThrow();
    expect(row.history_id).toBe('9876');
    expect(row.internal_date).toBe(meta.internalDate);
    expect(Object.values(row).some((v) => typeof v === 'string' && v.includes('BODY MUST NOT'))).toBe(false);
    const { bodyText: _body, ...withoutBody } = meta;
    expect(fromStoreRow(row)).toEqual(withoutBody);
    const label = await t.db.selectFrom('labels').selectAll().executeTakeFirstOrThrow();
    expect(label).toMatchObject({ name: 'Shopping/Orders', name_key: 'shopping-orders', type: 'user' });
  });

  it('deletes an account’s messages and labels with the account', async () => {
    await t.db.deleteFrom('mail_accounts').where('id', '=', 'a1').execute();
    expect(await t.db.selectFrom('messages').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('labels').select('id').execute()).toEqual([]);
  });
});

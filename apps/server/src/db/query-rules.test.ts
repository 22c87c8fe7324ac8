import { parseRawMessage, readTakeoutMbox } from '@mailroom/mail-parse';
import { evaluate, parse, toSql, toStoreRow, type EvaluationContext, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHED_MESSAGE,
  ENCODED_UTF8_B,
  ENCODED_WINDOWS_1252,
  FORWARDED_WITH_ATTACHMENTS,
  INLINE_IMAGES,
  PGP_SIGNED,
  SIGNED_WITH_ATTACHMENT,
  SMIME_SIGNED,
  TAKEOUT_GMAIL_SIZE,
  TAKEOUT_MBOX,
} from '../../../../packages/mail-parse/src/testing/rule-fixtures.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './testing.ts';

/**
 * The rules Gmail's help leaves open (packages/mail-query/README.md), at their boundaries, on
 * real mail parsed by mail-parse: the store (toSql, both engines) and evaluate must each give
 * exactly the messages named here.
 */
const context: EvaluationContext = { now: new Date('2024-07-01T00:00:00Z'), timeZone: 'UTC', labels: [] };

async function fromRaw(id: string, raw: string, labelIds: string[]): Promise<MessageMeta> {
  const { meta } = await parseRawMessage(raw, { id, threadId: id, labelIds });
  return { ...meta, bodyText: undefined, bodyUrls: undefined };
}

function plain(id: string, labelIds: string[], overrides: Partial<MessageMeta>): MessageMeta {
  return {
    id, threadId: id, labelIds, from: [{ name: null, address: `${id}@example.com` }], to: [], cc: [], bcc: [], deliveredTo: [],
    subject: '', internalDate: Date.UTC(2024, 5, 1), sizeEstimate: 5000, attachments: [], listId: null, listPost: null, rfc822MessageId: null,
    ...overrides,
  };
}

let messages: MessageMeta[];

const CASES: Array<[string, string[]]> = [
  // RFC 2047: windows-1252 for ISO-8859-1, `_` as space, UTF-8 B, display names.
  ['subject:parhelia', ['p1252']],
  ['subject:"parhelia now available"', ['p1252']],
  ['subject:parheliatm', []],
  ['from:"andré müller"', ['p1252']],
  ['to:élène to:dupont', ['p1252']],
  ['to:"françois prévost"', ['p1252']],
  ['subject:"résumé du projet" subject:été', ['putf8']],
  ['from:"zoë ångström"', ['putf8']],
  // Attachments: named or marked parts, forwarded messages walked into, signatures never.
  ['has:attachment', ['attached', 'forwarded', 'images', 'signedpdf']],
  ['-has:attachment', ['p1252', 'pgp', 'putf8', 'size10k', 'smime', 'takeout']],
  ['filename:patch', ['forwarded']],
  ['filename:spec OR filename:fix-build.patch', ['forwarded']],
  ['filename:5637', ['attached']],
  ['filename:sedit.log', ['attached']],
  ['filename:logo.png', ['images']],
  ['filename:asc OR filename:p7s OR filename:signature', []],
  ['filename:pdf', ['signedpdf']],
  // Primary: none of the four other tabs.
  ['category:primary', ['attached', 'p1252', 'putf8', 'size10k', 'takeout']],
  ['-category:primary', ['forwarded', 'images', 'pgp', 'signedpdf', 'smime']],
  ['category:primary has:attachment', ['attached']],
  // Scope: a mention of spam, trash or anywhere, even negated, lifts the default for both.
  ['subject:mortgage', []],
  ['-in:trash subject:mortgage', ['spam']],
  ['-in:spam subject:mortgage', ['trash']],
  ['in:anywhere subject:mortgage', ['spam', 'trash']],
  ['-in:anywhere OR subject:mortgage', ['spam', 'trash']],
  // Sizes at the byte: larger is >, smaller is <, size is >=; K is 1,024.
  ['larger:10239 smaller:10241', ['size10k']],
  ['size:10240 smaller:10241', ['size10k']],
  ['larger:10K smaller:10241', []],
  ['size:10K smaller:10K', []],
  [`size:${TAKEOUT_GMAIL_SIZE} smaller:${TAKEOUT_GMAIL_SIZE + 1}`, ['takeout']],
  [`larger:${TAKEOUT_GMAIL_SIZE - 1} smaller:${TAKEOUT_GMAIL_SIZE + 1}`, ['takeout']],
  [`larger:${TAKEOUT_GMAIL_SIZE} smaller:${TAKEOUT_GMAIL_SIZE + 2}`, []],
];

beforeAll(async () => {
  const { messages: takeout } = await readTakeoutMbox(TAKEOUT_MBOX);
  messages = [
    await fromRaw('p1252', ENCODED_WINDOWS_1252, ['INBOX', 'CATEGORY_PERSONAL']),
    await fromRaw('putf8', ENCODED_UTF8_B, ['INBOX']),
    await fromRaw('forwarded', FORWARDED_WITH_ATTACHMENTS, ['INBOX', 'CATEGORY_FORUMS']),
    await fromRaw('pgp', PGP_SIGNED, ['INBOX', 'CATEGORY_UPDATES']),
    await fromRaw('signedpdf', SIGNED_WITH_ATTACHMENT, ['INBOX', 'CATEGORY_SOCIAL']),
    await fromRaw('smime', SMIME_SIGNED, ['CATEGORY_PROMOTIONS']),
    await fromRaw('images', INLINE_IMAGES, ['CATEGORY_PROMOTIONS', 'UNREAD']),
    await fromRaw('attached', ATTACHED_MESSAGE, ['INBOX', 'CATEGORY_PERSONAL']),
    { ...(takeout[0]?.meta as MessageMeta), id: 'takeout', threadId: 'takeout', labelIds: ['INBOX'], bodyText: undefined, bodyUrls: undefined },
    plain('spam', ['SPAM'], { subject: 'Mortgage rates' }),
    plain('trash', ['TRASH', 'CATEGORY_PERSONAL'], { subject: 'Re: mortgage' }),
    plain('size10k', [], { sizeEstimate: 10 * 1024 }),
  ];
});

it('evaluate gives the named messages for each boundary case', () => {
  for (const [query, expected] of CASES) {
    const ast = parse(query);
    expect({ query, ids: messages.filter((m) => evaluate(ast, m, context)).map((m) => m.id).sort() }).toEqual({ query, ids: expected });
  }
});

describe.each(ENGINES)('the store (toSql) on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.insertInto('users').values({ id: 'u1', email: 'a@x', display_name: null, created_at: 1, updated_at: 1 }).execute();
    await t.db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: 'a1@x', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1 })
      .execute();
    await t.db.insertInto('messages').values(messages.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('gives the named messages for each boundary case', async () => {
    for (const [query, expected] of CASES) {
      const compiled = toSql(parse(query), context);
      if (!compiled.ok) throw new Error(`${query} should run in the store`);
      const rows = await t.db.selectFrom('messages').select('id').where('account_id', '=', 'a1').where(compiled.where).execute();
      expect({ query, ids: rows.map((r) => r.id).sort() }).toEqual({ query, ids: expected });
    }
  });
});

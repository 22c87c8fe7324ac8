import { compileMatcher, parse, type MessageMeta } from '@mailroom/mail-query';
import { describe, expect, it } from 'vitest';
import { buildSearchDirectory, partsOfEditedQuery, searchDirectoryFromCounts, translate, type CorrespondentCount, type ListIdCount } from './index.ts';

const now = new Date('2024-06-12T10:00:00Z');
const options = { now, timeZone: 'Europe/Berlin' };

function message(id: string, overrides: Partial<MessageMeta>): MessageMeta {
  return {
    id,
    threadId: id,
    labelIds: ['INBOX'],
    from: [{ name: 'Someone', address: 'someone@example.com' }],
    to: [{ name: 'Me', address: 'me@example.org' }],
    cc: [],
    bcc: [],
    deliveredTo: ['me@example.org'],
    subject: 'Hello',
    internalDate: Date.UTC(2024, 5, 11, 12),
    sizeEstimate: 4000,
    attachments: [],
    listId: null,
    listPost: null,
    rfc822MessageId: `${id}@example.com`,
    ...overrides,
  };
}

describe('chips of an edited query', () => {
  it('removing a chip keeps the other parts with the words they came from', () => {
    const translation = translate('unread mail from rohit with attachments yesterday', options);
    const date = translation.parts.find((p) => p.kind === 'date')!;
    const remaining = translation.parts.filter((p) => p !== date);
    const edited = partsOfEditedQuery(remaining.map((p) => p.query).join(' '), translation.parts);
    expect(edited.parts.map((p) => [p.text, p.kind])).toEqual(remaining.map((p) => [p.text, p.kind]));
    expect(edited.query).toBe(remaining.map((p) => p.query).join(' '));
  });

  it('a date range of two terms stays one chip; a term typed by hand is a chip of its own', () => {
    const translation = translate('from rohit between Aug 1 and Aug 15', options);
    const edited = partsOfEditedQuery(`${translation.query}   -is:starred`, translation.parts);
    expect(edited.parts.map((p) => p.kind)).toEqual(['person', 'date', 'syntax']);
    expect(edited.parts[1]!.text).toBe(translation.parts[1]!.text);
    expect(edited.parts[2]).toMatchObject({ text: '-is:starred', query: '-is:starred' });
    for (const part of edited.parts) expect(edited.query.slice(part.querySpan.start, part.querySpan.end)).toBe(part.query);
  });

  it('an edited chip no longer claims the request’s words, and the query means what was typed', () => {
    const translation = translate('from rohit unread', options);
    const typed = 'from:eugen   is:unread';
    const edited = partsOfEditedQuery(typed, translation.parts);
    expect(edited.parts.map((p) => p.text)).toEqual(['from:eugen', translation.parts.find((p) => p.kind === 'status')!.text]);
    const messages = [
      message('a', { from: [{ name: 'Eugen', address: 'eugen@example.com' }], labelIds: ['INBOX', 'UNREAD'] }),
      message('b', { from: [{ name: 'Eugen', address: 'eugen@example.com' }] }),
      message('c', { from: [{ name: 'Rohit', address: 'rohit@example.com' }], labelIds: ['INBOX', 'UNREAD'] }),
    ];
    const matches = (q: string) => messages.filter(compileMatcher(parse(q), { ...options, labels: [] })).map((m) => m.id);
    expect(matches(edited.query)).toEqual(matches(typed));
    expect(matches(edited.query)).toEqual(['a']);
  });

  it('an empty query has no chips; a query that does not parse throws the parser’s error', () => {
    expect(partsOfEditedQuery('', [])).toEqual({ query: '', parts: [] });
    expect(() => partsOfEditedQuery('from:(rohit', [])).toThrow(/never closed/);
  });
});

describe('the directory from a store’s counts', () => {
  const messages = [
    message('1', { from: [{ name: '"Rohit Khare"', address: 'Rohit@KnowNow.com ' }], listId: 'FoRK <fork.xent.com>' }),
    message('2', { from: [{ name: 'Rohit Khare', address: 'rohit@knownow.com' }], cc: [{ name: null, address: 'khare@alumni.caltech.edu' }], listId: '<fork.xent.com>' }),
    message('3', { from: [{ name: 'Rohit Khare', address: 'khare@alumni.caltech.edu' }], to: [{ name: 'Eugen', address: 'eugen@example.com' }], listId: 'Exmh users <exmh-users.example.org>' }),
    message('4', { from: [{ name: 'null', address: 'someone@example.net' }] }),
  ];

  /** What a GROUP BY over From/To/Cc/Bcc and List-Id answers for these messages. */
  function counts(): { people: CorrespondentCount[]; lists: ListIdCount[] } {
    const people = new Map<string, CorrespondentCount>();
    const lists = new Map<string, ListIdCount>();
    for (const m of messages) {
      for (const a of [...m.from, ...m.to, ...m.cc, ...m.bcc]) {
        const key = `${a.name}\u0000${a.address}`;
        const row = people.get(key) ?? { name: a.name, address: a.address, count: 0 };
        row.count++;
        people.set(key, row);
      }
      if (m.listId) lists.set(m.listId, { listId: m.listId, count: (lists.get(m.listId)?.count ?? 0) + 1 });
    }
    return { people: [...people.values()], lists: [...lists.values()] };
  }

  it('is the directory buildSearchDirectory makes from the messages themselves', () => {
    const labels = [{ id: 'Label_1', name: 'Receipts' }];
    const { people, lists } = counts();
    const fromCounts = searchDirectoryFromCounts(people, lists, labels);
    const fromMessages = buildSearchDirectory(messages, labels);
    const sorted = <T>(items: T[]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(fromCounts.people)).toEqual(sorted(fromMessages.people));
    expect(sorted(fromCounts.lists)).toEqual(sorted(fromMessages.lists));
    expect(fromCounts.labels).toEqual(['Receipts']);
    // Quotes, case and spaces are cleaned before merging: Rohit's two spellings are one entry.
    expect(fromCounts.people.find((p) => p.address === 'rohit@knownow.com')).toEqual({ name: 'Rohit Khare', address: 'rohit@knownow.com', count: 2 });
  });

  it('orders ties by address, whatever order the store returned the rows in', () => {
    const { people, lists } = counts();
    const forward = searchDirectoryFromCounts(people, lists);
    const backward = searchDirectoryFromCounts([...people].reverse(), [...lists].reverse());
    expect(backward).toEqual(forward);
  });

  it('resolves names for the translator as the messages’ own directory does', () => {
    const { people, lists } = counts();
    const directory = searchDirectoryFromCounts(people, lists);
    const request = 'from rohit on the fork list';
    const a = translate(request, { ...options, directory: directory.people, lists: directory.lists });
    const b = translate(request, { ...options, directory: buildSearchDirectory(messages).people, lists: buildSearchDirectory(messages).lists });
    expect(a.query).toBe(b.query);
    expect(a.query).toContain('khare@alumni.caltech.edu');
  });
});

describe('week start', () => {
  it('"last week" with weeks starting on Saturday is the Saturday-to-Friday week before this one', () => {
    // Wednesday 12 June 2024: this week began Saturday 8 June; last week is 1–7 June.
    const translation = translate('last week', { ...options, weekStartsOn: 6 });
    const days = ['2024-05-31', '2024-06-01', '2024-06-07', '2024-06-08'].map((day, i) => message(String(i), { internalDate: Date.parse(`${day}T12:00:00+02:00`) }));
    const matches = compileMatcher(translation.ast, { ...options, labels: [] });
    expect(days.filter(matches).map((m) => m.id)).toEqual(['1', '2']);
  });
});

import { describe, expect, it } from 'vitest';
import { mboxrdEscape, readMbox } from './mbox.ts';
import { parseRawMessage } from './parse-message.ts';
import { readTakeoutMbox } from './takeout-mbox.ts';

const decoder = new TextDecoder();

describe('readMbox', () => {
  it('splits on From lines and undoes mboxrd escaping by one level', () => {
    const mbox = [
      'From 1@xxx Tue Apr 25 14:48:37 +0000 2023',
      'Subject: one',
      '',
      '>From the start',
      '>>From deeper',
      'not From here',
      '',
      'From 2@xxx Tue Apr 25 14:50:00 +0000 2023',
      'Subject: two',
      '',
      'body two',
      '',
    ].join('\n');
    const messages = readMbox(mbox);
    expect(messages.map((m) => m.fromLine)).toEqual(['From 1@xxx Tue Apr 25 14:48:37 +0000 2023', 'From 2@xxx Tue Apr 25 14:50:00 +0000 2023']);
    expect(decoder.decode(messages[0]?.raw)).toBe('Subject: one\n\nFrom the start\n>From deeper\nnot From here\n');
    expect(decoder.decode(messages[1]?.raw)).toBe('Subject: two\n\nbody two\n');
  });
  it('reads CRLF files and round-trips mboxrdEscape', () => {
    const body = 'Subject: x\n\nFrom me\n>From you\n';
    const mbox = `From a@b Thu Aug 22 12:36:23 2002\n${mboxrdEscape(body)}\n`.replace(/\n/g, '\r\n');
    const [message] = readMbox(mbox);
    expect(decoder.decode(message?.raw)).toBe(body.replace(/\n/g, '\r\n'));
  });
});

describe('parseRawMessage', () => {
  const raw = [
    'From: =?UTF-8?Q?Zo=C3=AB_=C3=85ngstr=C3=B6m?= <zoe@example.com>',
    'To: Team: a@example.com, "B, Person" <b@example.com>;, c@example.org',
    'Cc: undisclosed-recipients:;',
    'Reply-To: help@example.com',
    'Delivered-To: one@example.com',
    'Delivered-To: two@example.com',
    'Subject: =?ISO-8859-1?Q?R=E9union?= tomorrow',
    'Date: Thu, 22 Aug 2002 12:36:23 +0100',
    'Message-ID: <abc@mail.example.com>',
    'In-Reply-To: <x@y>',
    'References: <w@y>\r\n <x@y>',
    'List-Id: Example list\r\n <list.example.com>',
    'List-Post: <mailto:list@example.com>',
    'List-Unsubscribe: <https://example.com/u>',
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    'X-GM-THRID: 1682437493842173843',
    'X-Gmail-Labels: Inbox,Unread,"Work, Important",Category Forums,Archived,=?UTF-8?Q?Caf=C3=A9?=',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Hello&nbsp;<b>world</b></p><div>See <a href="https://docs.google.com/spreadsheets/d/1">sheet</a></div><script>var hidden=1</script>',
    '--b1',
    'Content-Type: application/pdf; name="report.pdf"',
    'Content-Disposition: attachment; filename="report.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    'JVBERi0xLjQK',
    '--b1--',
    '',
  ].join('\r\n');

  it('extracts the query metadata with a real MIME parser', async () => {
    const { meta, userLabelNames } = await parseRawMessage(raw, { userLabelId: (name) => `L:${name}` });
    expect(meta.from).toEqual([{ name: 'Zoë Ångström', address: 'zoe@example.com' }]);
    expect(meta.to).toEqual([
      { name: null, address: 'a@example.com' },
      { name: 'B, Person', address: 'b@example.com' },
      { name: null, address: 'c@example.org' },
    ]);
    expect(meta.cc).toEqual([]);
    expect(meta.replyTo).toEqual([{ name: null, address: 'help@example.com' }]);
    expect(meta.deliveredTo).toEqual(['one@example.com', 'two@example.com']);
    expect(meta.subject).toBe('Réunion tomorrow');
    expect(meta.internalDate).toBe(Date.UTC(2002, 7, 22, 11, 36, 23));
    expect(meta.rfc822MessageId).toBe('abc@mail.example.com');
    expect(meta.inReplyTo).toBe('x@y');
    expect(meta.references).toBe('w@y x@y');
    expect(meta.listId).toBe('Example list <list.example.com>');
    expect(meta.listPost).toBe('<mailto:list@example.com>');
    expect(meta.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(meta.threadId).toBe(BigInt('1682437493842173843').toString(16));
    expect(meta.labelIds).toEqual(['INBOX', 'UNREAD', 'L:Work, Important', 'CATEGORY_FORUMS', 'L:Café']);
    expect(userLabelNames).toEqual(['Work, Important', 'Café']);
    expect(meta.attachments).toEqual([{ filename: 'report.pdf', mimeType: 'application/pdf' }]);
    // Gmail's size leaves out the two fields Takeout adds (X-GM-THRID, X-Gmail-Labels).
    expect(meta.sizeEstimate).toBe(new TextEncoder().encode(raw.replace(/^X-GM-THRID:.*\r\n|^X-Gmail-Labels:.*\r\n/gm, '')).length);
  });
  it('turns an HTML-only body into visible text and collects its links', async () => {
    const { meta } = await parseRawMessage(raw);
    expect(meta.bodyText).toContain('Hello world');
    expect(meta.bodyText).toContain('See sheet');
    expect(meta.bodyText).not.toContain('hidden');
    expect(meta.bodyUrls).toEqual(['https://docs.google.com/spreadsheets/d/1']);
  });
  it('counts LF-only input as Gmail counts CRLF mail', async () => {
    const { meta } = await parseRawMessage('Subject: a\n\nb\n');
    expect(meta.sizeEstimate).toBe('Subject: a\r\n\r\nb\r\n'.length);
  });
});

describe('readTakeoutMbox', () => {
  it('numbers user labels in order of appearance and falls back to the From-line date', async () => {
    const mbox = [
      'From 1@xxx Tue Apr 25 14:48:37 +0000 2023',
      'X-Gmail-Labels: Work/Projects,Inbox',
      'Subject: a',
      '',
      'x',
      '',
      'From 2@xxx Wed Apr 26 08:00:00 +0000 2023',
      'X-Gmail-Labels: Receipts,Work/Projects',
      'Date: not a date',
      'Subject: b',
      '',
      'y',
      '',
    ].join('\n');
    const { messages, labels } = await readTakeoutMbox(mbox);
    expect(labels).toEqual([
      { id: 'Label_1', name: 'Work/Projects' },
      { id: 'Label_2', name: 'Receipts' },
    ]);
    expect(messages.map((m) => m.meta.labelIds)).toEqual([['Label_1', 'INBOX'], ['Label_2', 'Label_1']]);
    expect(messages.map((m) => m.meta.id)).toEqual(['mbox-1', 'mbox-2']);
    expect(messages[0]?.meta.internalDate).toBe(Date.UTC(2023, 3, 25, 14, 48, 37));
    expect(messages[1]?.meta.internalDate).toBe(Date.UTC(2023, 3, 26, 8));
  });
});

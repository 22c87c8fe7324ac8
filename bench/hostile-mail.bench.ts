// Issue 22: opening each hostile message as the reading pane does (getEmailContent and the viewer
// document together), with and without images, against the real app and its in-process Gmail
// sandbox, while /healthz is asked every few milliseconds over HTTP. Prints per message: whether
// it was shown or refused, the time to open it and /healthz's p50/p99/max during the open
// (medians over three opens), and the render thread's own time. Goals: open within 2 s, /healthz
// p99 under 100 ms.
import { indexRawMessage } from '@mailroom/gmail-sandbox';
import { messageRendering, type EmailContent } from '../apps/server/src/features/messages/content.ts';
import { hostileMessages, type HostileMessage } from '../apps/server/src/testing/hostile-mail.ts';
import { createMailboxTestApp, settle, userWithMailbox, type MailboxTestApp } from '../apps/server/src/testing/mailbox-app.ts';
import { probeLatency } from './healthz-probe.ts';

const OPENS = 3;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? Number.NaN;
};
const median = (values: number[]): number => percentile(values, 0.5);

async function place(t: MailboxTestApp, email: string, message: HostileMessage): Promise<void> {
  if (!message.name.includes('nested multiparts')) {
    await t.sandbox.importMbox(`From attacker@example.org Sat Nov 21 06:00:00 2026\n${message.raw.replace(/\r\n/g, '\n')}\n`, email);
    return;
  }
  // The sandbox's import skips what its parser refuses; Gmail would hold it, so place it directly.
  const headerEnd = message.raw.indexOf('\r\n\r\n');
  const index = await indexRawMessage(Buffer.from(`${message.raw.slice(0, headerEnd)}\r\n\r\n`));
  t.sandbox.store.mailbox(email).insert({ raw: Buffer.from(message.raw), index, labelIds: ['INBOX'], internalDate: Date.now() });
}

export default async function run(): Promise<void> {
  const t = await createMailboxTestApp('sqlite');
  try {
    const user = await userWithMailbox(t, 'target@example.com');
    const messages = hostileMessages();
    for (const message of messages) await place(t, user.email, message);
    await settle(t);
    const mailbox = t.sandbox.store.mailbox(user.email);
    const ids = new Map([...mailbox.messages.values()].map((m) => [mailbox.metaOf(m).subject, m.id]));
    const { pool, cache } = messageRendering();
    const warm = new TextEncoder().encode('Subject: warm\r\n\r\nhello');
    await pool.render({ encoded: { encoding: 'rfc822', id: 'w', threadId: 'w', labelIds: [], body: warm.buffer, complete: true }, showRemoteImages: false });

    console.log('message, images: outcome | open ms (median of 3) | /healthz p50 / p99 / max ms | render thread ms');
    for (const message of messages) {
      for (const images of [false, true]) {
        const opens: number[] = [];
        const p50s: number[] = [];
        const p99s: number[] = [];
        const maxes: number[] = [];
        const renders: number[] = [];
        let outcome = '';
        for (let i = 0; i < OPENS; i++) {
          cache.clear();
          const probe = probeLatency(`${t.config.publicUrl}/healthz`, 5);
          await new Promise((resolve) => setTimeout(resolve, 50));
          const messageId = ids.get(message.subject);
          const started = performance.now();
          const [response] = await Promise.all([
            user.call('getEmailContent', { messageId, showRemoteImages: images }),
            user.browser.request('GET', `/api/messages/${messageId}/view?images=${images ? 1 : 0}`),
          ]);
          opens.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
          const latencies = await probe.stop();
          p50s.push(percentile(latencies, 0.5));
          p99s.push(percentile(latencies, 0.99));
          maxes.push(Math.max(...latencies));
          const content = (response.json() as { result: EmailContent }).result;
          outcome = content.refusal ? 'refused (too large to display safely)' : `shown (${content.html?.length ?? 0} characters of sanitised HTML)`;
          // The render thread's own time, for the same message, without the HTTP around it.
          const provider = await t.app.mailroom.services.providers(user.accountId);
          const encoded = await provider!.getRawMessage(messageId!, { maxBytes: 64 * 1024 * 1024 });
          renders.push((await pool.render({ encoded, showRemoteImages: images })).renderMs);
        }
        console.log(
          `${message.name}, images ${images}: ${outcome} | ${median(opens).toFixed(0)} | ${median(p50s).toFixed(1)} / ${median(p99s).toFixed(1)} / ${median(maxes).toFixed(1)} | ${median(renders).toFixed(0)}`,
        );
      }
    }
  } finally {
    await t.close();
  }
}

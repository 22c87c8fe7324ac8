import { randomUUID } from 'node:crypto';
import type { HistoryRecord, Mailbox } from './store/mailbox.ts';

/** users.watch expires after 7 days (https://developers.google.com/workspace/gmail/api/guides/push#renewing_mailbox_watch). */
export const WATCH_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface PushOptions {
  /** Where the Pub/Sub-style push is POSTed (Mailroom's `/api/gmail/push`). */
  endpoint: string;
  /** Shared secret sent with every push, as Pub/Sub push endpoints are usually protected. */
  token?: string;
  /** Send the token as a query parameter (default) or a header. */
  tokenLocation?: 'query' | 'header';
  /** Query parameter or header name; `token` / `x-goog-push-token` by default. */
  tokenName?: string;
  /** The subscription name in the payload. */
  subscription?: string;
  /** Attempts per notification; Pub/Sub redelivers until the endpoint answers 2xx. */
  maxAttempts?: number;
  /** Base delay between attempts, doubled each time. */
  retryBaseMs?: number;
}

export interface Watch {
  topicName: string;
  labelIds: string[];
  exclude: boolean;
  expiration: number;
}

export interface PushDelivery {
  emailAddress: string;
  historyId: number;
  messageId: string;
  status: number | null;
  attempts: number;
  at: Date;
}

/**
 * Gmail push notifications (https://developers.google.com/workspace/gmail/api/guides/push): after a
 * change to a watched mailbox, POST `{message: {data: base64url(JSON {emailAddress, historyId}),
 * messageId, publishTime}, subscription}` to the configured endpoint. Changes in one tick are
 * coalesced into one notification carrying the newest historyId, as Gmail batches them.
 */
export class PushNotifier {
  options: PushOptions | null;
  readonly deliveries: PushDelivery[] = [];
  private readonly watches = new Map<string, { watch: Watch; unsubscribe: () => void }>();
  private readonly pendingByEmail = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private closed = false;

  constructor(options: PushOptions | null, clock: { now: () => number; sleep: (ms: number) => Promise<void> }) {
    this.options = options;
    this.now = clock.now;
    this.sleep = clock.sleep;
  }

  watch(mailbox: Mailbox, input: Omit<Watch, 'expiration'>): Watch {
    this.stop(mailbox.email);
    const watch: Watch = { ...input, expiration: this.now() + WATCH_LIFETIME_MS };
    const unsubscribe = mailbox.onChange((historyId, record) => {
      if (this.now() > watch.expiration || !touchesWatchedLabels(watch, record)) return;
      this.schedule(mailbox.email, historyId);
    });
    this.watches.set(mailbox.email, { watch, unsubscribe });
    return watch;
  }

  stop(email: string): void {
    this.watches.get(email)?.unsubscribe();
    this.watches.delete(email);
  }

  watchOf(email: string): Watch | null {
    return this.watches.get(email)?.watch ?? null;
  }

  /** Resolves when every notification scheduled so far has been delivered or given up. */
  async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const email of [...this.watches.keys()]) this.stop(email);
  }

  private schedule(email: string, historyId: number): void {
    const already = this.pendingByEmail.has(email);
    this.pendingByEmail.set(email, historyId);
    if (already) return;
    const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const latest = this.pendingByEmail.get(email) as number;
      this.pendingByEmail.delete(email);
      await this.deliver(email, latest);
    });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  private async deliver(emailAddress: string, historyId: number): Promise<void> {
    const options = this.options;
    if (!options || this.closed) return;
    const messageId = randomUUID();
    const publishTime = new Date(this.now()).toISOString();
    const body = JSON.stringify({
      message: {
        data: Buffer.from(JSON.stringify({ emailAddress, historyId })).toString('base64url'),
        messageId,
        message_id: messageId,
        publishTime,
        publish_time: publishTime,
      },
      subscription: options.subscription ?? 'projects/mailroom-sandbox/subscriptions/gmail-push',
    });
    const url = new URL(options.endpoint);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) {
      if (options.tokenLocation === 'header') headers[options.tokenName ?? 'x-goog-push-token'] = options.token;
      else url.searchParams.set(options.tokenName ?? 'token', options.token);
    }
    const maxAttempts = options.maxAttempts ?? 5;
    let status: number | null = null;
    let attempts = 0;
    while (attempts < maxAttempts && !this.closed) {
      attempts++;
      try {
        const response = await fetch(url, { method: 'POST', headers, body });
        status = response.status;
        await response.body?.cancel();
        if (response.ok) break;
      } catch {
        status = null;
      }
      if (attempts < maxAttempts) await this.sleep((options.retryBaseMs ?? 1000) * 2 ** (attempts - 1));
    }
    this.deliveries.push({ emailAddress, historyId, messageId, status, attempts, at: new Date(this.now()) });
  }
}

function touchesWatchedLabels(watch: Watch, record: HistoryRecord): boolean {
  if (watch.labelIds.length === 0) return true;
  const touched = new Set<string>();
  for (const entry of [...(record.messagesAdded ?? []), ...(record.messagesDeleted ?? [])]) for (const l of entry.message.labelIds ?? []) touched.add(l);
  for (const entry of [...(record.labelsAdded ?? []), ...(record.labelsRemoved ?? [])]) {
    for (const l of entry.labelIds) touched.add(l);
    for (const l of entry.message.labelIds ?? []) touched.add(l);
  }
  const hit = watch.labelIds.some((l) => touched.has(l));
  return watch.exclude ? !hit || [...touched].some((l) => !watch.labelIds.includes(l)) : hit;
}

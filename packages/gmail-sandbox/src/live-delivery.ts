import { redate } from './seed/corpus.ts';
import type { Mailbox, PendingDelivery, StoredMessage } from './store/mailbox.ts';
import type { SandboxStore } from './store/store.ts';

export interface LiveDeliveryOptions {
  /** The average time between two delivered messages, in ms (the corpus's spacing is scaled to it). */
  intervalMs: number;
  /** Told after each delivery (logging). */
  onDelivered?: (email: string, message: StoredMessage) => void;
}

/** How far one gap may stray from the average, both ways: a burst still trickles, a lull still ends. */
const SPREAD = 4;

/** The wait before `item`: its corpus gap scaled so that the gaps average `intervalMs`, within bounds. */
export function deliveryDelay(item: Pick<PendingDelivery, 'gapMs'>, meanGapMs: number, intervalMs: number): number {
  const scaled = meanGapMs > 0 ? (item.gapMs * intervalMs) / meanGapMs : intervalMs;
  return Math.round(Math.min(intervalMs * SPREAD, Math.max(intervalMs / SPREAD, scaled)));
}

/**
 * Live delivery for the demo mailbox: the messages seedFromCorpus held back arrive while the
 * server runs, in corpus order, dated at their arrival, through Mailbox.insert so they are in
 * history and pushed to a watch exactly as mail arriving in Gmail. What is left survives a
 * restart (the queue is in the sandbox's file) and carries on at the next start.
 */
export class LiveDelivery {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private options: LiveDeliveryOptions | null = null;
  private readonly store: SandboxStore;
  private readonly now: () => number;

  constructor(store: SandboxStore, now: () => number) {
    this.store = store;
    this.now = now;
  }

  start(options: LiveDeliveryOptions): void {
    if (!(options.intervalMs > 0)) throw new Error('live delivery needs an interval above 0 ms');
    this.stop();
    this.options = options;
    for (const email of this.store.emails()) this.schedule(this.store.mailbox(email));
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.options = null;
  }

  deliverNext(mailbox: Mailbox): StoredMessage | null {
    return mailbox.deliverNext(this.now(), (item, at) => redate(item.raw, item.index, at));
  }

  private schedule(mailbox: Mailbox): void {
    const options = this.options;
    const next = mailbox.pending[0];
    if (!options || !next) return;
    const gaps = mailbox.pending.map((p) => p.gapMs);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const timer = setTimeout(() => {
      this.timers.delete(mailbox.email);
      const delivered = this.deliverNext(mailbox);
      if (delivered) options.onDelivered?.(mailbox.email, delivered);
      this.schedule(mailbox);
    }, deliveryDelay(next, mean, options.intervalMs));
    // Delivery never keeps a process alive on its own.
    timer.unref();
    this.timers.set(mailbox.email, timer);
  }
}

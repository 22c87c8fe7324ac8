import { isMarkedAsUntransferable, MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { FnError } from '../../errors.ts';
import { RENDER_CACHE_LIMITS, RENDER_LIMITS } from './limits.ts';
import type { EncodedRawMessage } from '../../providers/mail-provider.ts';
import { EMPTY_HEADERS, headersFromPrefix, type RenderedHeaders } from './headers.ts';
import type { RenderAnswer, RenderJob } from './render-worker.ts';

/**
 * Rendering off the request thread (issue 22). Parsing and sanitising a message is CPU work on
 * attacker-controlled input, so it runs in a pool of worker threads (piscina) and never on the
 * event loop that answers every other request:
 * - a render that runs past RENDER_LIMITS.timeLimitMs is stopped by terminating its thread, and
 *   the message is refused (the pool starts a fresh thread);
 * - a thread that runs out of its heap dies alone, and the message is refused;
 * - renders waiting for a thread are bounded; past the bound the request answers
 *   RESOURCE_EXHAUSTED rather than queueing without end.
 * One render answers both requests the reading pane makes for a message (RenderCache).
 */

/** How long a render may wait for a thread to start it (threads are busy or starting). */
const START_WAIT_MS = 10_000;

class RenderTimeout extends Error {}
class StartTimeout extends Error {}

export interface RenderRequest {
  /** The message as the provider sent it. Its buffer moves to the render thread: do not use it afterwards. */
  encoded: EncodedRawMessage;
  showRemoteImages: boolean;
}

export interface RenderResult extends RenderAnswer {
  /** Milliseconds from when a thread started the render to its answer (or its stop). */
  renderMs: number;
}

/** The start of an answer kept for a refusal's headers: the raw field's first 64 KiB and what precedes it. */
const PREFIX_BYTES = 128 * 1024;

export class RenderPool {
  private readonly pool: Piscina;
  private closing = false;
  readonly timeLimitMs: number;

  constructor(options: { timeLimitMs?: number; threads?: number } = {}) {
    this.timeLimitMs = options.timeLimitMs ?? RENDER_LIMITS.timeLimitMs;
    const threads = options.threads ?? RENDER_LIMITS.maxThreads;
    this.pool = new Piscina({
      filename: new URL('./render-worker.ts', import.meta.url).href,
      // Threads stay up: each loads jsdom once, and a render must not wait for that.
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      maxQueue: RENDER_LIMITS.maxWaiting,
      resourceLimits: { maxOldGenerationSizeMb: RENDER_LIMITS.workerHeapMb },
      // A shutdown does not wait for renders: their requests are answered, and the pane retries.
      closeTimeout: 0,
    });
    // A thread that dies between tasks (out of memory) is replaced; nothing else to do.
    this.pool.on('error', () => {});
  }

  /** Decodes and renders in a worker thread within the time limit; refusals are answers, not errors. */
  async render(request: RenderRequest): Promise<RenderResult> {
    if (this.closing) throw restarting();
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let startedAt = 0;
    let renderTimer: NodeJS.Timeout | undefined;
    const startTimer = setTimeout(() => controller.abort(new StartTimeout()), START_WAIT_MS);
    port1.once('message', () => {
      startedAt = performance.now();
      clearTimeout(startTimer);
      renderTimer = setTimeout(() => controller.abort(new RenderTimeout()), this.timeLimitMs);
    });
    const elapsed = () => (startedAt ? Math.round(performance.now() - startedAt) : 0);
    // The answer moves to the render thread without a copy (a structured clone of 10 MB blocks
    // this thread for tens of milliseconds); its start is kept here for a refusal's headers.
    const body = ownBuffer(request.encoded.body);
    const prefix: EncodedRawMessage = { ...request.encoded, body: body.slice(0, PREFIX_BYTES) };
    try {
      const job: RenderJob = { encoded: { ...request.encoded, body }, showRemoteImages: request.showRemoteImages, started: port2 };
      // (piscina's TransferList type is inferred from an overloaded postMessage and reads as options.)
      const transferList = [port2, body] as unknown as NonNullable<Parameters<Piscina['run']>[1]>['transferList'];
      const answer = (await this.pool.run(job, { signal: controller.signal, transferList })) as RenderAnswer;
      return { ...answer, renderMs: elapsed() };
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof RenderTimeout) return { outcome: { kind: 'refused', reason: 'time', headers: await this.headers(prefix) }, message: null, renderMs: elapsed() };
      if (reason instanceof StartTimeout) throw new FnError('UNAVAILABLE', 'Mailroom is busy opening other messages; try again in a moment.');
      if (this.closing) throw restarting();
      const code = (error as { code?: string }).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') return { outcome: { kind: 'refused', reason: 'memory', headers: await this.headers(prefix) }, message: null, renderMs: elapsed() };
      if (/queue is at limit/i.test((error as Error).message ?? '')) {
        throw new FnError('RESOURCE_EXHAUSTED', 'Mailroom is opening too many messages at once; try again in a moment.');
      }
      throw error;
    } finally {
      clearTimeout(startTimer);
      clearTimeout(renderTimer);
      port1.close();
    }
  }

  /**
   * The headers of a message that will not be rendered, from the start of the provider's answer:
   * at most the first 64 KiB of the message are decoded and only its header section is parsed,
   * so this is cheap enough for the event loop (the render thread may be the one just stopped).
   */
  async headers(prefix: EncodedRawMessage): Promise<RenderedHeaders> {
    try {
      return await headersFromPrefix(prefix);
    } catch {
      return EMPTY_HEADERS;
    }
  }

  /** Stops every thread at once; renders in flight answer UNAVAILABLE. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.pool.destroy();
  }
}

/** A buffer that can be transferred: Node's shared Buffer pool cannot, so a body in it is copied. */
function ownBuffer(body: ArrayBuffer): ArrayBuffer {
  return isMarkedAsUntransferable(body) ? body.slice(0) : body;
}

const restarting = () => new FnError('UNAVAILABLE', 'Mailroom is restarting; open the message again in a moment.');

interface CacheEntry<T> {
  value: Promise<T>;
  bytes: number;
  expires: number;
  timer: NodeJS.Timeout;
}

/**
 * A short-lived, in-memory, bounded map from (user, account, message, images) to one render, so
 * the reading pane's two requests for a message share one fetch and one render (the second waits
 * for the first while it runs). Entries leave after RENDER_CACHE_LIMITS.ttlMs, and the oldest
 * leave first when the count or the byte bound is reached. Nothing here is ever written to disk
 * (DESIGN §1: no email bodies stored); failures are not kept, so a retry fetches again.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();
  private bytes = 0;
  private readonly limits: { ttlMs: number; maxEntries: number; maxBytes: number };
  private readonly sizeOf: (value: T) => number;

  constructor(sizeOf: (value: T) => number, limits: { ttlMs: number; maxEntries: number; maxBytes: number } = RENDER_CACHE_LIMITS) {
    this.sizeOf = sizeOf;
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached render for `key`, or the one `produce` makes (shared with concurrent callers). */
  async get(key: string, produce: () => Promise<T>): Promise<T> {
    const existing = this.entries.get(key);
    if (existing && existing.expires > Date.now()) return existing.value;
    if (existing) this.delete(key);
    const value = produce();
    const timer = setTimeout(() => this.delete(key), this.limits.ttlMs);
    timer.unref();
    const entry: CacheEntry<T> = { value, bytes: 0, expires: Date.now() + this.limits.ttlMs, timer };
    this.entries.set(key, entry);
    this.evict();
    try {
      const result = await value;
      if (this.entries.get(key) === entry) {
        entry.bytes = this.sizeOf(result);
        this.bytes += entry.bytes;
        this.evict();
      }
      return result;
    } catch (error) {
      if (this.entries.get(key) === entry) this.delete(key);
      throw error;
    }
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Oldest first (a Map iterates in insertion order). */
  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.delete(key);
    }
  }
}

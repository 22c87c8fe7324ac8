import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { buildDraftPrompt, type DraftInput } from './draft-prompt.ts';
import { allowedAddresses, cleanDraft, draftProblem, inventedAddress } from './output-check.ts';

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio), through the
 * maintained `openai` client: streamed chat completions, the client's own retries on 408/409/
 * 429/5xx (exponential backoff honouring Retry-After / retry-after-ms), and a timeout on the
 * wait for the first streamed piece and between pieces. Optional: with no endpoint configured,
 * Mailroom uses the local suggestions only.
 *
 * Privacy: the draft prompt carries the new text of the message being answered, its sender and
 * recipients, the subject, the thread's Gmail snippets and the user's instruction; nothing is
 * sent anywhere but the configured endpoint, and nothing of it is stored or logged.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Retries after a 429/5xx/connection failure (the client's backoff); default 2. */
  maxRetries?: number;
  /** Milliseconds since an arbitrary origin; injectable for tests. */
  now?: () => number;
  /** Wall-clock epoch ms for the status timestamps; injectable for tests. */
  clock?: () => number;
}

export type LlmErrorKind = 'timeout' | 'unreachable' | 'auth' | 'model-not-found' | 'rate-limited' | 'server' | 'invalid-response' | 'cancelled' | 'rejected';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  constructor(kind: LlmErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
    this.kind = kind;
  }
}

export interface LlmStatus {
  model: string;
  /** The endpoint, without any credentials in the URL. */
  baseUrl: string;
  /** Milliseconds the last successful answer took, start to last piece. */
  lastLatencyMs: number | null;
  lastSuccessAt: number | null;
  lastError: { message: string; kind: LlmErrorKind; at: number } | null;
  /** ok: the last call worked; failing: the last call failed; unknown: no call yet. */
  state: 'ok' | 'failing' | 'unknown';
}

export type TestResult = { ok: true; latencyMs: number; reply: string } | { ok: false; latencyMs: number; error: string; kind: LlmErrorKind };

export type DraftResult =
  | { source: 'model'; text: string; model: string; latencyMs: number }
  | {
      source: 'local';
      /** The first local suggestion ('' when there is none). */
      text: string;
      suggestions: string[];
      /** Why the model's draft is not used, for the user ("The model did not answer within 8 s ..."). */
      reason: string;
      /** Pieces streamed before the failure must be replaced in the editor. */
      discardStreamed: boolean;
    };

export interface StreamOptions {
  signal?: AbortSignal;
  /** Each piece of text as it arrives. */
  onDelta?: (text: string) => void;
  maxTokens?: number;
  temperature?: number;
}

export interface LlmProvider {
  readonly model: string;
  readonly baseUrl: string;
  status(): LlmStatus;
  /** A tiny completion, for the Settings "Test" button. */
  test(): Promise<TestResult>;
  /** One streamed chat completion; resolves with the whole text. Throws LlmError. */
  complete(messages: ChatMessage[], options?: StreamOptions): Promise<{ text: string; latencyMs: number }>;
  /** A full reply, streamed through onDelta; never throws: falls back to the local suggestions. */
  draftReply(input: DraftInput, options?: { signal?: AbortSignal; onDelta?: (text: string) => void }): Promise<DraftResult>;
}

const DRAFT_MAX_TOKENS = 500;

export class OpenAiCompatibleLlm implements LlmProvider {
  readonly model: string;
  readonly baseUrl: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly clock: () => number;
  private lastLatencyMs: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastError: LlmStatus['lastError'] = null;

  constructor(config: LlmConfig) {
    this.model = config.model;
    this.baseUrl = withoutCredentials(config.baseUrl);
    this.timeoutMs = config.timeoutMs;
    this.now = config.now ?? (() => performance.now());
    this.clock = config.clock ?? (() => Date.now());
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers (Ollama, llama.cpp) need no key; the client insists on a string.
      apiKey: config.apiKey ?? 'not-needed',
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries ?? 2,
    });
  }

  status(): LlmStatus {
    const state = this.lastError && (this.lastSuccessAt === null || this.lastError.at >= this.lastSuccessAt) ? 'failing' : this.lastSuccessAt !== null ? 'ok' : 'unknown';
    return { model: this.model, baseUrl: this.baseUrl, lastLatencyMs: this.lastLatencyMs, lastSuccessAt: this.lastSuccessAt, lastError: this.lastError, state };
  }

  async test(): Promise<TestResult> {
    const started = this.now();
    try {
      const { text, latencyMs } = await this.complete([{ role: 'user', content: 'Reply with the single word OK.' }], { maxTokens: 5, temperature: 0 });
      return { ok: true, latencyMs, reply: text.trim().slice(0, 100) };
    } catch (error) {
      const llmError = error instanceof LlmError ? error : new LlmError('invalid-response', String(error));
      return { ok: false, latencyMs: Math.round(this.now() - started), error: llmError.message, kind: llmError.kind };
    }
  }

  async complete(messages: ChatMessage[], options: StreamOptions = {}): Promise<{ text: string; latencyMs: number }> {
    const started = this.now();
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // The timeout covers the wait for the first piece (retries included) and each gap after it.
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.timeoutMs);
    };
    const onCallerAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
    let text = '';
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.model,
          messages,
          stream: true,
          ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
          ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        },
        { signal: controller.signal },
      );
      let pieces = 0;
      let finished = false;
      for await (const chunk of stream) {
        arm();
        if (!chunk || typeof chunk !== 'object' || !Array.isArray(chunk.choices)) throw new LlmError('invalid-response', `${this.baseUrl} sent a stream that is not an OpenAI chat completion`);
        pieces++;
        const choice = chunk.choices[0];
        const delta = choice?.delta?.content ?? '';
        if (delta) {
          text += delta;
          options.onDelta?.(delta);
        }
        if (choice?.finish_reason) finished = true;
      }
      // An aborted stream can end quietly; a cut one ends without a finish_reason. Neither is an answer.
      if (controller.signal.aborted) throw new APIUserAbortError();
      if (pieces === 0) throw new LlmError('invalid-response', `${this.baseUrl} answered without a chat completion stream`);
      if (!finished) throw new LlmError('invalid-response', `${this.baseUrl} ended the stream before the model finished`);
      const latencyMs = Math.round(this.now() - started);
      this.lastLatencyMs = latencyMs;
      this.lastSuccessAt = this.clock();
      return { text, latencyMs };
    } catch (error) {
      const failure = this.describe(error, timedOut, options.signal?.aborted === true);
      if (failure.kind !== 'cancelled') this.lastError = { message: failure.message, kind: failure.kind, at: this.clock() };
      throw failure;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async draftReply(input: DraftInput, options: { signal?: AbortSignal; onDelta?: (text: string) => void } = {}): Promise<DraftResult> {
    const allowed = allowedAddresses(input);
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let streamed = '';
    let streamedAny = false;
    let rejected: string | null = null;
    const fallback = (reason: string): DraftResult => ({
      source: 'local',
      text: input.localSuggestions[0] ?? '',
      suggestions: input.localSuggestions,
      reason,
      discardStreamed: streamedAny,
    });
    try {
      const { text, latencyMs } = await this.complete(buildDraftPrompt(input), {
        signal: controller.signal,
        maxTokens: DRAFT_MAX_TOKENS,
        temperature: 0.4,
        onDelta: (delta) => {
          streamed += delta;
          // Stop at once when an address appears that is in nobody's mail (checked on whole
          // addresses only: a partial one ends at a word boundary first).
          const invented = inventedAddress(streamed.replace(/\S+$/, ''), allowed);
          if (invented) {
            rejected = `The model's draft mentions an address that is not in the conversation (${invented}).`;
            controller.abort();
            return;
          }
          streamedAny = true;
          options.onDelta?.(delta);
        },
      });
      const draft = cleanDraft(text);
      const problem = draftProblem(draft, input);
      if (problem) return fallback(`${problem} Showing the local suggestions instead.`);
      return { source: 'model', text: draft, model: this.model, latencyMs };
    } catch (error) {
      if (rejected) return fallback(`${rejected} Showing the local suggestions instead.`);
      const failure = error instanceof LlmError ? error : new LlmError('invalid-response', String(error));
      return fallback(`${failure.message}. Showing the local suggestions instead.`);
    } finally {
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** One clear sentence for each way a call can fail. */
  private describe(error: unknown, timedOut: boolean, cancelled: boolean): LlmError {
    if (error instanceof LlmError) return error;
    const seconds = `${Math.round(this.timeoutMs / 100) / 10} s`;
    if (timedOut || error instanceof APIConnectionTimeoutError) return new LlmError('timeout', `The model did not answer within ${seconds}`, { cause: error });
    if (cancelled || error instanceof APIUserAbortError) return new LlmError('cancelled', 'The draft was cancelled', { cause: error });
    if (error instanceof APIError && typeof error.status === 'number') {
      const detail = (error.message ?? '').replace(/^\d{3}\s*/, '').slice(0, 160);
      if (error.status === 401 || error.status === 403) return new LlmError('auth', `${this.baseUrl} refused the API key (${error.status})`, { cause: error });
      if (error.status === 404) return new LlmError('model-not-found', `${this.baseUrl} does not know the model "${this.model}" (404)`, { cause: error });
      if (error.status === 429) return new LlmError('rate-limited', `${this.baseUrl} is rate limiting requests (429), still after retries`, { cause: error });
      if (error.status >= 500) return new LlmError('server', `${this.baseUrl} failed (${error.status}), still after retries${detail ? `: ${detail}` : ''}`, { cause: error });
      return new LlmError('invalid-response', `${this.baseUrl} rejected the request (${error.status})${detail ? `: ${detail}` : ''}`, { cause: error });
    }
    if (error instanceof APIConnectionError) return new LlmError('unreachable', `Could not reach ${this.baseUrl}`, { cause: error });
    if (error instanceof SyntaxError) return new LlmError('invalid-response', `${this.baseUrl} sent a response that is not an OpenAI chat completion`, { cause: error });
    return new LlmError('invalid-response', `${this.baseUrl} failed: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}`, { cause: error });
  }
}

/** `http://user:secret@host/v1` -> `http://host/v1`: the status never shows a secret. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/** "Connected to llama3.1 at http://localhost:11434/v1 · 1.2 s last reply", for Settings. */
export function describeStatus(status: LlmStatus): string {
  const where = `${status.model} at ${status.baseUrl}`;
  if (status.state === 'failing' && status.lastError) return `Not working: ${status.lastError.message} (${where})`;
  if (status.state === 'ok' && status.lastLatencyMs !== null) return `Connected to ${where} · ${(status.lastLatencyMs / 1000).toFixed(1)} s last reply`;
  return `Configured: ${where} (not used yet)`;
}

/** The configured provider, or null when no endpoint is configured. */
export function createLlmProvider(config: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null): LlmProvider | null {
  return config ? new OpenAiCompatibleLlm(config) : null;
}

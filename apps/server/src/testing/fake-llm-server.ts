import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/**
 * A real OpenAI-compatible HTTP server for tests and the e2e journeys: `GET /v1/models` and
 * `POST /v1/chat/completions`, streamed as server-sent events (`data: {chunk}` ... `data: [DONE]`,
 * the shape of https://platform.openai.com/docs/api-reference/chat/streaming) or as one JSON
 * completion. Behaviour can be scripted per request: a reply, an HTTP error (429/500 with
 * Retry-After), a slow first token, a stream that stalls, garbage, or a connection that hangs.
 */

export interface ChatMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: { model?: string; stream?: boolean; messages?: ChatMessage[]; max_tokens?: number; temperature?: number } | null;
}

export type Scripted =
  /** A reply, streamed in small pieces when the request asks for a stream. */
  | { kind: 'reply'; text: string; firstTokenDelayMs?: number; chunkDelayMs?: number }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'status'; status: number; retryAfterMs?: number; message?: string }
  /** A 200 whose body is not an OpenAI response (HTML, broken JSON in the stream). */
  | { kind: 'garbage' }
  /** Sends part of a reply, then nothing more (the connection stays open). */
  | { kind: 'stall'; text: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' };

export interface FakeLlmOptions {
  model?: string;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey?: string;
  /** The answer when nothing is scripted; default: a short reply that follows the prompt's instruction. */
  respond?: (messages: ChatMessage[]) => string;
  /** Pause between streamed pieces of unscripted replies (ms). */
  chunkDelayMs?: number;
  port?: number;
}

export interface FakeLlmServer {
  /** Base URL including /v1, as AI_BASE_URL takes it. */
  url: string;
  model: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order; unscripted requests get the default reply. */
  enqueue(...behaviours: Scripted[]): void;
  close(): Promise<void>;
}

export async function startFakeLlmServer(options: FakeLlmOptions = {}): Promise<FakeLlmServer> {
  const model = options.model ?? 'test-model';
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch(() => res.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let body: RecordedRequest['body'];
    try {
      body = raw ? (JSON.parse(raw) as RecordedRequest['body']) : null;
    } catch {
      body = null;
    }
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization ?? null, body });

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'mailroom-tests' }] });
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') return sendError(res, 404, `Unknown path ${url.pathname}`, 'not_found');
    if (!body || !Array.isArray(body.messages)) return sendError(res, 400, "'messages' is required", 'invalid_request_error');
    if (body.model !== model) return sendError(res, 404, `The model '${body.model}' does not exist`, 'model_not_found');

    const behaviour: Scripted = queue.shift() ?? { kind: 'reply', text: (options.respond ?? defaultReply)(body.messages), chunkDelayMs: options.chunkDelayMs ?? 0 };
    switch (behaviour.kind) {
      case 'status': {
        const headers: Record<string, string> = {};
        if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
        return sendError(res, behaviour.status, behaviour.message ?? `Scripted ${behaviour.status}`, behaviour.status === 429 ? 'rate_limit_exceeded' : 'server_error', headers);
      }
      case 'hang':
        return; // never answered; close() destroys the socket
      case 'garbage':
        if (body.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end('data: {"id": this is not json\n\ndata: <html>oops</html>\n\n');
        } else {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body>Bad gateway</body></html>');
        }
        return;
      case 'stall':
        if (!body.stream) return; // a non-streamed stall is a hang
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(sse(chunk(model, { role: 'assistant', content: '' }, null)));
        res.write(sse(chunk(model, { content: behaviour.text }, null)));
        return;
      case 'reply': {
        if (behaviour.firstTokenDelayMs) await wait(behaviour.firstTokenDelayMs);
        if (res.destroyed) return;
        if (!body.stream) {
          return sendJson(res, 200, {
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          });
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(sse(chunk(model, { role: 'assistant', content: '' }, null)));
        for (const piece of behaviour.text.match(/\S+\s*|\s+/g) ?? []) {
          if (behaviour.chunkDelayMs) await wait(behaviour.chunkDelayMs);
          if (res.destroyed) return;
          res.write(sse(chunk(model, { content: piece }, null)));
        }
        res.write(sse(chunk(model, {}, 'stop')));
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function chunk(model: string, delta: Record<string, string>, finishReason: string | null) {
  return { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function sse(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string, code: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { message, type: code, param: null, code } }, headers);
}

/**
 * A plausible reply without a model: greets nobody in particular, follows a line
 * "Instruction: ..." when the prompt has one, and signs off plainly.
 */
function defaultReply(messages: ChatMessage[]): string {
  const prompt = messages.map((m) => m.content).join('\n');
  const instruction = /^Instruction from the user: (.+)$/m.exec(prompt)?.[1]?.trim();
  const body = instruction ? `Thanks for your message. ${instruction.charAt(0).toUpperCase()}${instruction.slice(1).replace(/[.!]?$/, '.')}` : 'Thanks for your message; I will get back to you shortly with the details.';
  return `Hello,\n\n${body}\n\nBest regards`;
}

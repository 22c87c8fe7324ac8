import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Authenticator } from '../../auth/principal.ts';
import type { Config } from '../../config.ts';
import { MESSAGE_ID_PATTERN } from '@mailroom/contract';
import { FnError } from '../../errors.ts';
import { closeMessageRendering, readEmailContent, type EmailContent, type ReadEmailDeps } from './content.ts';

/** The reading pane's iframe loads this; `images=1` is the user's explicit "Show images". */
export const MESSAGE_VIEW_PATH = '/api/messages/:messageId/view';

/**
 * The viewer's own policy. The app's policy (script-src 'self'; style-src 'self') would block the
 * inline styles email layout depends on, and an iframe `srcdoc` inherits its parent's policy, so
 * the body is served as its own document with a policy of its own:
 * - nothing loads but inline styles and data: images/fonts; remote https images only after the
 *   user chose "Show images" (the sanitiser removed them otherwise, this is the second layer);
 * - `sandbox` without allow-scripts or allow-same-origin: even opened directly, the document runs
 *   no script and has an opaque origin (no cookies, no access to the app); links may open in a
 *   new tab, which escapes the sandbox so the site there works normally (CSP Level 3 §6.3.2.1);
 * - only Mailroom itself may frame it; no <base>, no form submissions.
 */
export function viewerContentSecurityPolicy(showImages: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data:${showImages ? ' https:' : ''}`,
    'font-src data:',
    'sandbox allow-popups allow-popups-to-escape-sandbox',
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Mail is written for a light page, so HTML mail keeps one; plain text follows the reader's
 * colour scheme. Images and wide tables never push the pane sideways on a phone.
 */
const BASE_STYLE = [
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;padding:16px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow-wrap:anywhere}',
  'img{max-width:100%;height:auto}',
  'pre{margin:0;white-space:pre-wrap;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}',
  'a{color:#1d4ed8}',
].join('');
const HTML_STYLE = ':root{color-scheme:light}body{background:#fff;color:#111827}';
const TEXT_STYLE = ':root{color-scheme:light dark}body{background:Canvas;color:CanvasText}@media (prefers-color-scheme:dark){a{color:#93b8fd}}';

function document(title: string, style: string, body: string): string {
  return [
    '<!doctype html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    // A target only (no href, which base-uri 'none' would refuse): links leave the sandboxed pane.
    '<base target="_blank">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${BASE_STYLE}${style}</style>`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}

/**
 * The message as a complete document: its sanitised HTML, else its plain text, escaped; for a
 * message past the hostile-mail caps, the sentence that says so and the link to Gmail.
 */
export function viewerDocument(content: EmailContent): string {
  const title = content.headers.subject || '(no subject)';
  if (content.refusal) {
    const { message, gmailUrl } = content.refusal;
    return document(title, TEXT_STYLE, `<p role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(gmailUrl)}" rel="noopener noreferrer">Open this message in Gmail</a></p>`);
  }
  if (content.html !== null) return document(title, HTML_STYLE, content.html);
  if (content.text !== null) return document(title, TEXT_STYLE, `<pre>${escapeHtml(content.text)}</pre>`);
  return document(title, TEXT_STYLE, '<p><em>This message has no text.</em></p>');
}

function sendDocument(reply: FastifyReply, statusCode: number, html: string, showImages: boolean): FastifyReply {
  // A sandboxed document has an opaque origin, so origin-keying (helmet's Origin-Agent-Cluster
  // for the app) cannot apply; Chromium warns on every frame load when it is asked for.
  reply.raw.removeHeader('origin-agent-cluster');
  // These replace what helmet set for the app shell, for this response only.
  return reply
    .code(statusCode)
    .header('content-security-policy', viewerContentSecurityPolicy(showImages))
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** An error as a small page, since the answer is shown inside the reading pane's frame. */
function errorDocument(error: FnError): string {
  const text =
    error.status === 'UNAUTHENTICATED'
      ? 'Sign in to Mailroom to read this message.'
      : error.status === 'NOT_FOUND'
        ? 'This message is not in your mailbox.'
        : error.message;
  return document(error.status, TEXT_STYLE, `<p>${escapeHtml(text)}</p>`);
}

export interface MessagesFeatureOptions extends ReadEmailDeps {
  config: Config;
  authenticate: Authenticator;
}

/**
 * The messages feature's HTTP side: `GET /api/messages/{id}/view?images=0|1`, the body of one
 * message as a document for the reading pane's sandboxed iframe. Same user scoping as
 * getEmailContent (another user's id answers 404), same service code and the same render (a
 * short-lived in-memory cache shared with getEmailContent), never stored.
 */
export async function registerMessagesFeature(app: FastifyInstance, options: MessagesFeatureOptions): Promise<void> {
  const { config, authenticate } = options;
  // Renders in flight end with the server: their threads stop before it waits for requests.
  app.addHook('preClose', closeMessageRendering);
  await app.register(async (routes) => {
    await routes.register(fastifyRateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });

    routes.get<{ Params: { messageId: string }; Querystring: { images?: string } }>(MESSAGE_VIEW_PATH, async (request, reply) => {
      const images = request.query.images ?? '0';
      const showImages = images === '1';
      const fail = (error: FnError) => sendDocument(reply, error.httpStatus, errorDocument(error), false);
      try {
        const principal = await authenticate(request);
        if (!principal) return fail(new FnError('UNAUTHENTICATED', 'Sign in to read this message'));
        if (images !== '0' && images !== '1') return fail(new FnError('INVALID_ARGUMENT', 'images must be 0 or 1'));
        const { messageId } = request.params;
        if (!MESSAGE_ID_PATTERN.test(messageId)) return fail(new FnError('INVALID_ARGUMENT', 'messageId must be a Gmail message id', { fields: [{ field: 'messageId', message: 'not a Gmail message id' }] }));
        const content = await readEmailContent(options, principal.userId, messageId, { showRemoteImages: showImages });
        return sendDocument(reply, 200, viewerDocument(content), showImages);
      } catch (error) {
        if (error instanceof FnError) return fail(error);
        request.log.error({ err: error }, 'message view failed');
        return fail(new FnError('INTERNAL', 'This message could not be shown. Please try again.'));
      }
    });
  });
}

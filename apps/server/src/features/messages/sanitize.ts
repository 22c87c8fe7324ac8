import createDOMPurify, { type Config as PurifyConfig } from 'dompurify';
import { JSDOM } from 'jsdom';
import { newCssBudget, sanitizeStyleAttribute, sanitizeStylesheet, type CssContext } from './css-sanitize.ts';

/**
 * Email HTML is hostile input (DESIGN §6). It is sanitised here with DOMPurify on jsdom, then
 * shown by the web app in a sandboxed iframe (no scripts, no same-origin) under a strict CSP, so
 * the sanitiser is one of two independent layers.
 *
 * What survives: text formatting, tables, inline CSS and <style> blocks (email layout needs them;
 * CSS is parsed and rebuilt by css-sanitize.ts, within the caps of limits.ts),
 * http(s)/mailto links (opened in a new tab, without referrer or opener), and — only when the
 * user asked to show images — remote https images. What does not: scripts, event handlers,
 * forms and their controls, frames, objects, SVG/MathML (script-capable namespaces), <base>,
 * <meta>/<link>, and every javascript:, vbscript: and data: URL.
 */

export interface SanitizeOptions {
  /** The user chose "Show images": keep remote https images and CSS backgrounds. */
  allowRemoteImages: boolean;
}

export interface SanitizedHtml {
  html: string;
  /** Remote images, backgrounds and stylesheets removed because the user has not allowed them. */
  remoteImagesBlocked: number;
}

const FORBID_TAGS = [
  'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea', 'datalist', 'output', 'keygen',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param', 'base', 'link', 'meta',
  'script', 'noscript', 'template', 'portal', 'svg', 'math', 'audio', 'video', 'source', 'track', 'picture',
  'dialog', 'slot',
];
const FORBID_ATTR = ['action', 'formaction', 'ping', 'srcset', 'imagesrcset', 'poster', 'xlink:href', 'autofocus', 'background', 'dynsrc', 'lowsrc'];

/** Links may point to the web or to a mail address; nothing else (RFC 3986 schemes). */
const SAFE_LINK = /^(?:https?:|mailto:)/i;
const REMOTE_IMAGE = /^https:\/\//i;

const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

interface StyleAttributeResult {
  css: string;
  declarations: number;
  blocked: number;
  bytes: number;
}

interface SanitizeCall {
  allowImages: boolean;
  css: CssContext;
  blockedImages: number;
  /**
   * Style attributes already sanitised in this message: newsletters repeat the same few
   * hundred times. A repeat costs the caps what the first one cost, and is not parsed again.
   */
  styleAttributes: Map<string, StyleAttributeResult>;
}

function newCall(allowImages: boolean): SanitizeCall {
  return { allowImages, css: { allowRemoteImages: allowImages, budget: newCssBudget(), blocked: 0 }, blockedImages: 0, styleAttributes: new Map() };
}

/** The call in progress: sanitising is synchronous, so the hooks read it without interleaving. */
let current: SanitizeCall = newCall(false);

function sanitizeStyle(style: string): string {
  const { css } = current;
  const seen = current.styleAttributes.get(style);
  if (seen && css.budget.bytes >= seen.bytes && css.budget.declarations >= seen.declarations) {
    css.budget.bytes -= seen.bytes;
    css.budget.declarations -= seen.declarations;
    css.blocked += seen.blocked;
    return seen.css;
  }
  const before = { bytes: css.budget.bytes, declarations: css.budget.declarations, blocked: css.blocked };
  const cleaned = sanitizeStyleAttribute(style, css);
  current.styleAttributes.set(style, {
    css: cleaned,
    bytes: before.bytes - css.budget.bytes,
    declarations: before.declarations - css.budget.declarations,
    blocked: css.blocked - before.blocked,
  });
  return cleaned;
}

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = sanitizeStylesheet(node.textContent, current.css);
});

purify.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  if (element.hasAttribute('style')) {
    const cleaned = sanitizeStyle(element.getAttribute('style') ?? '');
    if (cleaned.trim()) element.setAttribute('style', cleaned);
    else element.removeAttribute('style');
  }
  if (element.tagName === 'A' || element.tagName === 'AREA') {
    const href = element.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) element.removeAttribute('href');
    if (element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  if (element.tagName === 'IMG') {
    const src = element.getAttribute('src')?.trim() ?? '';
    if (!(current.allowImages && REMOTE_IMAGE.test(src))) {
      if (element.hasAttribute('src')) element.removeAttribute('src');
      if (src) {
        current.blockedImages++;
        element.setAttribute('data-mailroom-blocked', 'remote-image');
      }
    } else {
      element.setAttribute('referrerpolicy', 'no-referrer');
    }
  }
});

const PURIFY_CONFIG: PurifyConfig = {
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Only web and mail links survive; data:, javascript:, vbscript:, cid: and the rest do not.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // A leading <style> (common in email) is kept in the body instead of being dropped.
  FORCE_BODY: true,
  WHOLE_DOCUMENT: false,
  RETURN_TRUSTED_TYPE: false,
};

export function sanitizeEmailHtml(html: string, options: SanitizeOptions): SanitizedHtml {
  current = newCall(options.allowRemoteImages);
  const clean = purify.sanitize(html, PURIFY_CONFIG) as string;
  return { html: clean, remoteImagesBlocked: current.blockedImages + current.css.blocked };
}

import { getDomain } from 'tldts';

/**
 * Who is who: one spelling per mailbox address, the registrable domain behind a host, and a
 * display-name key that recognises the same person writing from a new address.
 */

/** Providers whose addresses say nothing about an organisation: no "same domain" reasoning. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de', 'ymail.com', 'hotmail.com',
  'hotmail.co.uk', 'hotmail.fr', 'outlook.com', 'live.com', 'msn.com', 'aol.com', 'icloud.com', 'me.com', 'mac.com',
  'proton.me', 'protonmail.com', 'gmx.de', 'gmx.net', 'gmx.com', 'web.de', 'mail.ru', 'yandex.ru', 'yandex.com',
  'qq.com', '163.com', '126.com', 'comcast.net', 'earthlink.net', 'att.net', 'verizon.net', 'btinternet.com',
  'orange.fr', 'free.fr', 'libero.it', 'zoho.com', 'fastmail.com', 'fastmail.fm', 'hey.com', 'usa.net', 'excite.com',
  'lycos.com', 'netscape.net', 'juno.com', 'mail.com', 'email.com', 'canada.com', 'pobox.com', 'eircom.net',
]);

/** Providers that ignore dots in the local part (Gmail's documented behaviour). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One spelling per mailbox: lower case (RFC 5321 lets the local part be case-sensitive, but no
 * mail system in use treats it so), without a `+tag` (RFC 5233 sub-addressing; bounce
 * addresses put their per-message tokens there), and without Gmail's ignored dots.
 */
const normalised = new Map<string, string>();

export function normaliseAddress(address: string): string {
  let out = normalised.get(address);
  if (out === undefined) {
    out = normaliseUncached(address);
    if (normalised.size >= 50_000) normalised.clear();
    normalised.set(address, out);
  }
  return out;
}

function normaliseUncached(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.trim().toLowerCase();
  let local = address.slice(0, at).trim().toLowerCase();
  const domain = address.slice(at + 1).trim().toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

export function localPart(normalised: string): string {
  const at = normalised.lastIndexOf('@');
  return at < 0 ? normalised : normalised.slice(0, at);
}

export function hostOf(normalised: string): string {
  const at = normalised.lastIndexOf('@');
  return at < 0 ? '' : normalised.slice(at + 1);
}

const domainCache = new Map<string, string>();

/** The registrable domain (public suffix + 1, from the Public Suffix List via tldts) of a host. */
export function registrableDomain(host: string): string {
  if (!host) return '';
  let domain = domainCache.get(host);
  if (domain === undefined) {
    domain = getDomain(host, { allowPrivateDomains: false }) ?? host;
    if (domainCache.size >= 20_000) domainCache.clear();
    domainCache.set(host, domain);
  }
  return domain;
}

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.has(domain);
}

/** Words that make a display name a role, not a person ("Acme Support", "The Team"). */
const ROLE_WORDS = new Set([
  'info', 'support', 'team', 'admin', 'administrator', 'noreply', 'no-reply', 'newsletter', 'news', 'notification',
  'notifications', 'alert', 'alerts', 'billing', 'sales', 'marketing', 'service', 'services', 'help', 'helpdesk',
  'webmaster', 'postmaster', 'daemon', 'updates', 'update', 'hello', 'contact', 'account', 'accounts', 'security',
  'feedback', 'digest', 'daily', 'weekly', 'bot', 'robot', 'mailer', 'customer', 'customers', 'reply', 'do-not-reply',
  'undisclosed', 'recipients', 'list', 'owner', 'bounce', 'bounces', 'root', 'nobody', 'unknown',
]);

/**
 * A key for "the same person" across addresses: the display name, lower case, with quotes,
 * punctuation and a trailing "via ..." (Google Groups, Docs) removed and "Last, First" turned
 * round. Null when the name is missing, is an address, is a role ("Acme Support") or is too
 * short to tell people apart.
 */
const names = new Map<string, string | null>();

export function personName(name: string | null): string | null {
  if (!name) return null;
  let out = names.get(name);
  if (out === undefined) {
    out = personNameUncached(name);
    if (names.size >= 50_000) names.clear();
    names.set(name, out);
  }
  return out;
}

function personNameUncached(name: string): string | null {
  let text = name.trim().toLowerCase();
  if (!text || text.includes('@')) return null;
  text = text.replace(/\s+(via|through|on behalf of)\s+.*$/u, '');
  const comma = /^([^,]+),\s*([^,]+)$/u.exec(text);
  if (comma) text = `${comma[2]} ${comma[1]}`;
  const words = text
    .replace(/['"`()[\]{}<>]/gu, ' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0 || words.length > 5) return null;
  if (words.some((w) => ROLE_WORDS.has(w))) return null;
  const joined = words.join(' ');
  if (joined.replace(/[^\p{L}]/gu, '').length < 3) return null;
  return joined;
}

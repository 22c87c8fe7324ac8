import crypto from 'node:crypto';
import fs from 'node:fs';
import { SCOPE_DESCRIPTIONS } from '../gmail-scopes.ts';
import type { IdpAccount } from './accounts.ts';

/**
 * Server-rendered pages of the embedded OpenID provider. No scripts and no inline styles: the
 * stylesheet is a file (IDP_CSS), so the pages work under the app's strict CSP. Every value is
 * HTML-escaped.
 */
export const IDP_CSS = fs.readFileSync(new URL('./idp.css', import.meta.url), 'utf8');
const CSS_VERSION = crypto.createHash('sha256').update(IDP_CSS).digest('hex').slice(0, 12);
export const IDP_CSS_PATH = '/idp/assets/idp.css';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const LOGO = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.2-8-5.2ZM5.2 7 12 11.4 18.8 7H5.2Z"/></svg>`;
const CHEVRON = `<svg class="chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M9.3 6.7 10.7 5.3 17.4 12l-6.7 6.7-1.4-1.4 5.3-5.3z"/></svg>`;
const TICK = `<svg class="tick" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z"/></svg>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} – Mailroom accounts</title>
<link rel="stylesheet" href="${IDP_CSS_PATH}?v=${CSS_VERSION}">
</head>
<body>
<main class="card">
<div class="brand">${LOGO}<span>Mailroom accounts</span></div>
${body}
</main>
<footer class="page">This is the sign-in built into this Mailroom server, standing in for Google. Accounts here are local to the server and have no password.</footer>
</body>
</html>`;
}

function avatar(account: { email: string; displayName: string }, extraClass = ''): string {
  const initial = (account.displayName.trim()[0] ?? account.email[0] ?? '?').toUpperCase();
  const shade = (crypto.createHash('sha256').update(account.email).digest()[0] ?? 0) % 4;
  const classes = ['avatar', shade === 0 ? '' : `c${shade + 1}`, extraClass].filter(Boolean).join(' ');
  return `<span class="${classes}" aria-hidden="true">${escapeHtml(initial)}</span>`;
}

export interface ChooserPage {
  uid: string;
  clientName: string;
  accounts: IdpAccount[];
  values?: { email?: string; name?: string };
  errors?: { email?: string; name?: string };
}

/** "Choose an account": the accounts to continue as, and a form to add another local account. */
export function renderChooser(page: ChooserPage): string {
  const action = `/idp/interaction/${encodeURIComponent(page.uid)}`;
  const errors = page.errors ?? {};
  const hasErrors = Boolean(errors.email || errors.name);
  const accounts = page.accounts
    .map(
      (account, index) => `<li><form method="post" action="${action}/login">
<input type="hidden" name="account" value="${escapeHtml(account.id)}">
<button type="submit" class="account"${index === 0 && !hasErrors ? ' autofocus' : ''}>${avatar(account)}
<span class="who"><span class="name">${escapeHtml(account.displayName)}</span><span class="email">${escapeHtml(account.email)}</span></span>
<span class="visually-hidden">Continue as ${escapeHtml(account.displayName)}</span>${CHEVRON}</button>
</form></li>`,
    )
    .join('\n');
  const field = (name: 'email' | 'name', label: string, type: string, autocomplete: string, hint: string) => {
    const error = errors[name];
    const value = page.values?.[name] ?? '';
    const describedBy = [`${name}-hint`, error ? `${name}-error` : ''].filter(Boolean).join(' ');
    return `<div class="field">
<label for="add-${name}">${label}</label>
<input id="add-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="${name === 'email' ? 320 : 80}" value="${escapeHtml(value)}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}${error && (name === 'email' || !errors.email) ? ' autofocus' : ''}>
<p class="hint" id="${name}-hint">${hint}</p>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };
  return layout(
    'Choose an account',
    `<h1>Choose an account</h1>
<p class="subtitle">to continue to <strong>${escapeHtml(page.clientName)}</strong></p>
${hasErrors ? '<p class="alert" role="alert">Check the highlighted fields and try again.</p>' : ''}
<ul class="accounts" aria-label="Accounts">
${accounts}
</ul>
<h2 id="add-heading">Use another account</h2>
<form method="post" action="${action}/login" aria-labelledby="add-heading">
${field('email', 'Email', 'email', 'email', 'Any address; a new local account is created for it.')}
${field('name', 'Your name', 'text', 'name', 'Shown to Mailroom as your display name.')}
<div class="actions">
<button type="submit" class="primary">Add account and continue</button>
</div>
</form>
<div class="actions">
<form method="post" action="${action}/abort"><button type="submit" class="text">Cancel</button></form>
</div>`,
  );
}

export interface ConsentPage {
  uid: string;
  clientName: string;
  account: IdpAccount;
  /** Scopes asked for now and not granted before. */
  newScopes: string[];
  /** Scopes asked for that this account already granted to the client. */
  grantedScopes: string[];
}

function scopeList(scopes: string[]): string {
  return `<ul class="scopes">${scopes
    .map(
      (scope) =>
        `<li>${TICK}<span>${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}${
          SCOPE_DESCRIPTIONS[scope] && scope.includes('/') ? `<span class="scope-id">${escapeHtml(scope)}</span>` : ''
        }</span></li>`,
    )
    .join('')}</ul>`;
}

/** "Mailroom wants access": what each scope allows, in plain words, then Cancel / Allow. */
export function renderConsent(page: ConsentPage): string {
  const action = `/idp/interaction/${encodeURIComponent(page.uid)}`;
  const client = escapeHtml(page.clientName);
  return layout(
    `${page.clientName} wants access`,
    `<h1>${client} wants to access your account</h1>
<p class="subtitle"><span class="chip">${avatar(page.account)}${escapeHtml(page.account.email)}</span></p>
${page.newScopes.length > 0 ? `<h2>This will allow ${client} to:</h2>${scopeList(page.newScopes)}` : ''}
${page.grantedScopes.length > 0 ? `<h2>${client} already has access to:</h2>${scopeList(page.grantedScopes)}` : ''}
<p class="note">Make sure you trust ${client}. You can take this access back at any time from ${client}'s settings (Disconnect).</p>
<div class="actions">
<form method="post" action="${action}/consent"><input type="hidden" name="decision" value="deny"><button type="submit" class="secondary">Cancel</button></form>
<form method="post" action="${action}/consent"><input type="hidden" name="decision" value="allow"><button type="submit" class="primary" autofocus>Allow</button></form>
</div>`,
  );
}

export function renderError(title: string, message: string, detail?: Record<string, string>): string {
  const details = detail && Object.keys(detail).length > 0
    ? `<details class="error-details"><summary>Technical details</summary><dl>${Object.entries(detail)
        .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd><code>${escapeHtml(v)}</code></dd>`)
        .join('')}</dl></details>`
    : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
${details}`);
}

/** oidc-provider's sign-out confirmation (used when switching accounts); `form` is its own hidden form. */
export function renderLogout(form: string): string {
  return layout('Sign out', `<h1>Sign out?</h1>
<p class="subtitle">You are signing out of Mailroom accounts on this browser.</p>
${form}
<div class="actions">
<button type="submit" class="secondary" form="op.logoutForm">Stay signed in</button>
<button type="submit" class="primary" form="op.logoutForm" value="yes" name="logout" autofocus>Sign out</button>
</div>`);
}

export function renderLoggedOut(): string {
  return layout('Signed out', `<h1>You are signed out</h1>
<p class="subtitle">You signed out of Mailroom accounts on this browser. You can close this page.</p>`);
}

import type { LightMyRequestResponse } from 'fastify';
import { InjectBrowser, formsOf, type PageForm } from './browser.ts';

export interface SignInOptions {
  /** Continue as an account already listed (by email), or add a new local account. */
  account?: { email: string; name?: string };
  mode?: 'popup' | 'redirect';
  returnTo?: string;
  /** Answer the consent screen with Allow (default) or Cancel. */
  consent?: 'allow' | 'deny';
}

function formWith(forms: PageForm[], predicate: (form: PageForm) => boolean, what: string): PageForm {
  const form = forms.find(predicate);
  if (!form) throw new Error(`no ${what} form on the page`);
  return form;
}

/**
 * Walks a page of the embedded provider like a person would: picks the account on the
 * chooser (or fills "Use another account"), answers the consent screen, and follows every
 * redirect, including oidc-provider's self-submitting sign-out form when switching accounts.
 */
export async function completeIdpPages(
  browser: InjectBrowser,
  start: { response: LightMyRequestResponse; url: string },
  options: SignInOptions = {},
): Promise<{ response: LightMyRequestResponse; url: string }> {
  let page = start;
  for (let step = 0; step < 8; step += 1) {
    const path = page.url.split('?')[0] ?? '';
    if (!path.startsWith('/idp/')) return page;
    const forms = formsOf(page.response.body);
    const body = page.response.body;
    if (body.includes('<h1>Choose an account</h1>')) {
      const email = options.account?.email ?? 'demo@mailroom.local';
      // An account listed on the chooser is picked by its own button, unless a name is given.
      const listed = forms
        .filter((f) => 'account' in f.fields)
        .find((f) => {
          const at = body.indexOf(`value="${f.fields.account}"`);
          return at !== -1 && body.slice(at, body.indexOf('</form>', at)).includes(`>${email}<`);
        });
      if (listed && !options.account?.name) {
        page = await browser.submit(listed);
      } else {
        const add = formWith(forms, (f) => 'email' in f.fields && 'name' in f.fields, 'add-account');
        page = await browser.submit(add, { email, name: options.account?.name ?? email.split('@')[0] ?? email });
      }
    } else if (forms.some((f) => f.fields.decision === 'allow')) {
      page = await browser.submit(formWith(forms, (f) => f.fields.decision === (options.consent ?? 'allow'), 'consent'));
    } else if (forms.length === 1 && body.includes('document.forms[0].submit()')) {
      // oidc-provider's form_post page (its script submits it in a real browser).
      page = await browser.submit(forms[0]!);
    } else {
      return page;
    }
  }
  throw new Error('the sign-in pages did not finish');
}

/** Signs in through /api/auth/signin and the embedded provider; returns where the browser landed. */
export async function signIn(browser: InjectBrowser, options: SignInOptions = {}): Promise<string> {
  const query = new URLSearchParams({ mode: options.mode ?? 'redirect', ...(options.returnTo ? { returnTo: options.returnTo } : {}) });
  const landed = await completeIdpPages(browser, await browser.navigate(`/api/auth/signin?${query.toString()}`), options);
  return landed.url;
}

export interface SessionInfo {
  user: { id: string; email: string; displayName: string | null } | null;
  csrfToken: string | null;
}

export async function sessionOf(browser: InjectBrowser): Promise<SessionInfo> {
  const response = await browser.request('GET', '/api/auth/session');
  return response.json() as SessionInfo;
}

/** Calls a function with the browser's cookie, sending the CSRF proof unless told not to. */
export async function callFn(
  browser: InjectBrowser,
  name: string,
  data: unknown = {},
  options: { csrf?: string | null; bearer?: string } = {},
): Promise<LightMyRequestResponse> {
  const csrf = options.csrf === undefined ? (await sessionOf(browser)).csrfToken : options.csrf;
  return browser.request('POST', `/api/fn/${name}`, {
    json: { data },
    headers: {
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    },
  });
}

/** startGmailAuth, then the consent pages, then the callback; returns where the browser landed. */
export async function connectGmail(
  browser: InjectBrowser,
  options: { write?: boolean; mode?: 'popup' | 'redirect'; returnTo?: string; consent?: 'allow' | 'deny'; account?: SignInOptions['account'] } = {},
): Promise<string> {
  const started = await callFn(browser, 'startGmailAuth', {
    ...(options.write ? { write: true } : {}),
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.returnTo ? { returnTo: options.returnTo } : {}),
  });
  if (started.statusCode !== 200) throw new Error(`startGmailAuth failed: ${started.body}`);
  const { authUrl } = (started.json() as { result: { authUrl: string } }).result;
  const landed = await completeIdpPages(browser, await browser.navigate(authUrl), options);
  return landed.url;
}

export { InjectBrowser };

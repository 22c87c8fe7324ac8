import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface StoredCookie {
  value: string;
  path: string;
}

export interface PageForm {
  action: string;
  fields: Record<string, string>;
}

/**
 * A small browser for tests, over `app.inject`: a cookie jar that honours Path, Max-Age and
 * Expires, redirects followed like a browser (303 and 302 become GET), and the forms of an
 * HTML page read out so a test can "click" them. Requests to other origins are refused, so a
 * test notices when the app sends the browser somewhere else.
 */
export class InjectBrowser {
  readonly cookies = new Map<string, StoredCookie>();
  /** When set, redirects to a matching path are not followed (the test takes over there). */
  stopBefore: ((path: string) => boolean) | null = null;
  private readonly app: FastifyInstance;
  private readonly origin: string;

  constructor(app: FastifyInstance, publicUrl: string) {
    this.app = app;
    this.origin = new URL(publicUrl).origin;
  }

  /** The path of a same-origin URL (absolute or relative); throws for another origin. */
  pathOf(url: string): string {
    const target = new URL(url, this.origin);
    if (target.origin !== this.origin) throw new Error(`the app sent the browser to another origin: ${url}`);
    return `${target.pathname}${target.search}`;
  }

  cookieHeader(path: string): string | undefined {
    const pairs = [...this.cookies.entries()]
      .filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`) || path.split('?')[0] === cookie.path)
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  private store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    options: { form?: Record<string, string>; headers?: Record<string, string>; json?: unknown; body?: { type: string; data: Buffer } } = {},
  ): Promise<LightMyRequestResponse> {
    const path = this.pathOf(url);
    const cookie = this.cookieHeader(path.split('?')[0] ?? path);
    // The Host a browser at the app's origin sends (the app redirects pages asked for on another host name).
    const headers: Record<string, string> = { host: new URL(this.origin).host, ...options.headers, ...(cookie ? { cookie } : {}) };
    let payload: string | Buffer | undefined;
    if (options.body) {
      headers['content-type'] = options.body.type;
      payload = options.body.data;
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.app.inject({ method, url: path, headers, ...(payload === undefined ? {} : { payload }) });
    this.store(response);
    return response;
  }

  /** Follows redirects from `response` until a page (or a redirect out of the origin, which throws). */
  async follow(response: LightMyRequestResponse, maxHops = 20): Promise<{ response: LightMyRequestResponse; url: string }> {
    let current = response;
    let url = '';
    for (let hop = 0; hop < maxHops; hop += 1) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') return { response: current, url };
      const next = this.pathOf(new URL(location, `${this.origin}${url || '/'}`).href);
      if (this.stopBefore?.(next)) return { response: current, url };
      url = next;
      current = await this.request('GET', url);
    }
    throw new Error('too many redirects');
  }

  async navigate(url: string): Promise<{ response: LightMyRequestResponse; url: string }> {
    const path = this.pathOf(url);
    const { response, url: finalUrl } = await this.follow(await this.request('GET', path));
    return { response, url: finalUrl || path };
  }

  /** Submits a form of the page (chosen by its action and a field value) and follows the redirects. */
  async submit(form: PageForm, extra: Record<string, string> = {}): Promise<{ response: LightMyRequestResponse; url: string }> {
    const response = await this.request('POST', form.action, { form: { ...form.fields, ...extra } });
    const followed = await this.follow(response);
    return { response: followed.response, url: followed.url || this.pathOf(form.action) };
  }
}

const decode = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The forms of an HTML page with their hidden and pre-filled fields (and the submit button's name/value). */
export function formsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const action = /action="([^"]*)"/.exec(match[1] ?? '')?.[1];
    if (!action) continue;
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/g)) {
      const name = /name="([^"]*)"/.exec(input[1] ?? '')?.[1];
      const value = /value="([^"]*)"/.exec(input[1] ?? '')?.[1] ?? '';
      if (name) fields[name] = decode(value);
    }
    forms.push({ action: decode(action), fields });
  }
  return forms;
}

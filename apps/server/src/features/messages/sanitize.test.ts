import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { CSS_LIMITS } from './limits.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

const XSS_DIR = new URL('../../../../../../shared/test-data/xss/', import.meta.url);
const payloads: Array<{ name: string; payload: string }> = [
  ...JSON.parse(fs.readFileSync(new URL('h5sc-vectors.json', XSS_DIR), 'utf8')).map((v: { id: number; name: string; payload: string }) => ({
    name: `h5sc #${v.id} ${v.name}`,
    payload: v.payload,
  })),
  ...JSON.parse(fs.readFileSync(new URL('dompurify-fixture-payloads.json', XSS_DIR), 'utf8')).map((v: { title: string; payload: string }, i: number) => ({
    name: `dompurify #${i} ${v.title}`,
    payload: v.payload,
  })),
];

const SCRIPTABLE = new Set(['SCRIPT', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'APPLET', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'BASE', 'LINK', 'META', 'SVG', 'MATH', 'TEMPLATE', 'NOSCRIPT', 'AUDIO', 'VIDEO']);
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'srcset', 'data', 'lowsrc', 'dynsrc', 'ping', 'cite', 'longdesc', 'usemap'];

/** Every way the sanitised HTML could still run script or fetch something, as readable findings. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toUpperCase();
    if (SCRIPTABLE.has(tag)) found.push(`<${tag.toLowerCase()}> element`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      if (name.startsWith('on')) found.push(`${name} handler on <${tag.toLowerCase()}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        if (name === 'href' && /^(https?:|mailto:)/i.test(value)) continue;
        found.push(`${name}="${value.slice(0, 60)}" on <${tag.toLowerCase()}>`);
      }
      if (name === 'style' && /url\s*\(|@import|expression\s*\(|javascript:/i.test(value)) found.push(`style="${value.slice(0, 60)}"`);
    }
    if (tag === 'STYLE' && /url\s*\(|@import|expression\s*\(|javascript:/i.test(element.textContent ?? '')) found.push('fetching <style>');
  }
  return found;
}

describe('the email sanitiser', () => {
  it(`leaves no script, handler, form, frame, unsafe URL or remote resource in any of the ${payloads.length} public XSS payloads`, () => {
    expect(payloads.length).toBe(372);
    const failures: string[] = [];
    for (const { name, payload } of payloads) {
      const { html } = sanitizeEmailHtml(payload, { allowRemoteImages: false });
      const found = dangers(html);
      if (found.length) failures.push(`${name}: ${found.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the formatting, tables and inline styles a newsletter needs', () => {
    const { html } = sanitizeEmailHtml(
      '<style>.title{color:#123456;font-weight:bold}</style><table><tr><td class="title" style="padding:4px">Hello <b>there</b></td></tr></table>',
      { allowRemoteImages: false },
    );
    expect(html).toContain('.title{color:#123456;font-weight:bold}');
    expect(html).toContain('<td class="title" style="padding:4px">Hello <b>there</b></td>');
  });

  it('opens web and mail links in a new tab without referrer or opener, and drops other schemes', () => {
    const { html } = sanitizeEmailHtml(
      '<a href="https://example.com/x">web</a><a href="mailto:a@example.com">mail</a><a href="javascript:alert(1)">js</a><a href="data:text/html,<script>alert(1)</script>">data</a><a href="  JaVaScRiPt:alert(1)">spaced</a>',
      { allowRemoteImages: false },
    );
    const { document } = new JSDOM(html).window;
    const links = [...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['web', 'https://example.com/x', '_blank', 'noopener noreferrer nofollow'],
      ['mail', 'mailto:a@example.com', '_blank', 'noopener noreferrer nofollow'],
      ['js', null, null, null],
      ['data', null, null, null],
      ['spaced', null, null, null],
    ]);
  });

  it('blocks remote images and counts them until the user allows images', () => {
    const message = '<img src="https://tracker.example/p.gif" alt="pixel"><img src="http://cdn.example/logo.png"><div style="background:url(https://cdn.example/bg.png)">x</div><img src="data:image/png;base64,AAAA">';
    const blockedResult = sanitizeEmailHtml(message, { allowRemoteImages: false });
    expect(blockedResult.remoteImagesBlocked).toBe(4);
    expect(blockedResult.html).not.toMatch(/tracker\.example|cdn\.example|data:/);
    expect(blockedResult.html).toContain('alt="pixel"');

    const shown = sanitizeEmailHtml(message, { allowRemoteImages: true });
    expect(shown.html).toContain('src="https://tracker.example/p.gif"');
    expect(shown.html).toContain('referrerpolicy="no-referrer"');
    expect(shown.html).toContain('url(https://cdn.example/bg.png)');
    // Plain-http images and data: URLs stay blocked even then.
    expect(shown.html).not.toContain('http://cdn.example/logo.png');
    expect(shown.html).not.toContain('data:image');
    expect(shown.remoteImagesBlocked).toBe(2);
  });

  it('removes stylesheet imports and legacy script hooks from CSS', () => {
    const { html } = sanitizeEmailHtml(
      '<style>@import url(https://evil.example/x.css); p{color:red}</style><p style="width:expression(alert(1));color:blue">t</p>',
      { allowRemoteImages: true },
    );
    expect(html).not.toMatch(/@import|expression|evil\.example/);
    expect(html).toContain('p{color:red}');
    expect(html).toContain('color:blue');
  });
});

/** Every <style> text and style attribute of sanitised HTML, as a browser would read them. */
function cssOf(html: string): string {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const styles = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '');
  const attributes = [...document.querySelectorAll('[style]')].map((e) => e.getAttribute('style') ?? '');
  return [...styles, ...attributes].join('\n');
}

// Issue 22: these passed the regular-expression CSS cleaner and were stopped only by the viewer's
// CSP. The sanitiser must hold on its own, so these tests look at its output with no CSP at all.
describe('the CSS sanitiser on its own (no CSP behind it)', () => {
  // CSS Syntax §4.3.4: an escaped identifier is read after decoding, so u\rl( is url(.
  const escaped = [
    'background:u\\rl(https://evil.example/a.png)',
    'background:\\75 rl(https://evil.example/a.png)',
    'background:U\\52L(https://evil.example/a.png)',
    'background:u\\000072l("https://evil.example/a.png")',
    'background-image:\\69mage-set("https://evil.example/a.png" 1x)',
    'background:src("https://evil.example/a.png")',
    'backgr\\ound:url(https://evil.example/a.png)',
  ];

  it.each(escaped)('CSS escapes do not smuggle a fetch past it before "Show images": %s', (declaration) => {
    const { html } = sanitizeEmailHtml(`<style>p{${declaration}}</style><div style='${declaration}'>x</div>`, { allowRemoteImages: false });
    expect(cssOf(html)).not.toContain('evil.example');
    expect(html).toContain('<div>x</div>');
  });

  it('an escaped @import is not an import', () => {
    const { html } = sanitizeEmailHtml('<style>@\\69mport "https://evil.example/x.css"; @IMPORT url(https://evil.example/y.css); p{color:red}</style>', { allowRemoteImages: true });
    expect(html).not.toContain('evil.example');
    expect(html).toContain('p{color:red}');
  });

  // After consent only https may load: http inside image-set(), inside a quoted url() that holds
  // a `;` (which split the old cleaner's view of the declaration), and in every function that
  // takes a URL.
  const insecure = [
    'background-image:image-set("http://evil.example/a.png" 1x)',
    'background-image:-webkit-image-set("http://evil.example/a.png" 1x, "https://ok.example/b.png" 2x)',
    'background-image:image-set(url(http://evil.example/a.png) 1x)',
    'background:url("http://evil.example/a;b.png")',
    "background:url('http://evil.example/x.png?a=1;b=2') no-repeat",
    'background:url("htt\\70://evil.example/escaped.png")',
    'background-image:image("http://evil.example/a.png")',
    'background-image:cross-fade(url(http://evil.example/a.png) 50%, url(https://ok.example/b.png))',
    'background:src("http://evil.example/a.png")',
    'list-style-image:url(//evil.example/scheme-relative.png)',
    'background:url(data:image/png;base64,AAAA) , url(http://evil.example/a.png)',
    'background-image:image-set(var(--u) 1x)',
  ];

  it.each(insecure)('after "Show images" a non-https URL does not load: %s', (declaration) => {
    const { html, remoteImagesBlocked } = sanitizeEmailHtml(`<style>p{${declaration};color:red}</style>`, { allowRemoteImages: true });
    expect(cssOf(html)).not.toMatch(/evil\.example|data:|var\(/);
    expect(html).toContain('color:red');
    expect(remoteImagesBlocked).toBe(1);
  });

  it('after "Show images" https URLs in url() and image-set() load, quoted, with `;` in them, or in a custom property', () => {
    const { html, remoteImagesBlocked } = sanitizeEmailHtml(
      [
        '<style>',
        'a{background:url("https://ok.example/a;b.png")}',
        'b{background-image:image-set("https://ok.example/1x.png" 1x, url(https://ok.example/2x.png) 2x)}',
        'i{--hero:url(https://ok.example/hero.png);background:var(--hero)}',
        '</style>',
      ].join(''),
      { allowRemoteImages: true },
    );
    const css = cssOf(html);
    expect(css).toContain('url(https://ok.example/a;b.png)');
    expect(css).toContain('image-set("https://ok.example/1x.png"');
    expect(css).toContain('url(https://ok.example/2x.png)');
    expect(css).toContain('--hero:url(https://ok.example/hero.png)');
    expect(remoteImagesBlocked).toBe(0);
  });

  it('CSS that decodes to </style> cannot end the style element early', () => {
    const { html } = sanitizeEmailHtml('<style>p::after{content:"\\3c/style>\\3c img src=x onerror=alert(1)>"}</style><p>t</p>', { allowRemoteImages: false });
    const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
    expect(document.querySelectorAll('img').length).toBe(0);
    expect(dangers(html)).toEqual([]);
  });
});

describe('the CSS sanitiser’s caps (CSS_LIMITS)', () => {
  const keepsOnly = (css: string) => cssOf(sanitizeEmailHtml(`<style>${css}</style>`, { allowRemoteImages: false }).html);

  it(`drops a rule nested deeper than ${CSS_LIMITS.maxParenDepth} functions (:is( 40,000 deep) and keeps the rules around it`, () => {
    const css = keepsOnly(`a{color:red} ${':is('.repeat(40_000)}p${')'.repeat(40_000)}{color:blue} b{color:green}`);
    expect(css).toBe('a{color:red}b{color:green}');
    const atTheCap = `${':is('.repeat(CSS_LIMITS.maxParenDepth)}p${')'.repeat(CSS_LIMITS.maxParenDepth)}{color:blue}`;
    expect(keepsOnly(atTheCap)).toContain('color:blue');
    expect(keepsOnly(`${':is('.repeat(CSS_LIMITS.maxParenDepth + 1)}p${')'.repeat(CSS_LIMITS.maxParenDepth + 1)}{color:blue}`)).toBe('');
  });

  it(`drops CSS nested deeper than ${CSS_LIMITS.maxBlockDepth} blocks (40,000 levels of nesting) and keeps the rules around it`, () => {
    expect(keepsOnly(`a{color:red} ${'div{'.repeat(40_000)}color:blue${'}'.repeat(40_000)} b{color:green}`)).toBe('a{color:red}b{color:green}');
    const nested = (depth: number) => `${'@media screen{'.repeat(depth - 1)}p{color:blue}${'}'.repeat(depth - 1)}`;
    expect(keepsOnly(nested(CSS_LIMITS.maxBlockDepth))).toContain('color:blue');
    expect(keepsOnly(nested(CSS_LIMITS.maxBlockDepth + 1))).toBe('');
  });

  it('an unclosed url( 100,000 times is dropped whole, and the rules before it stay', () => {
    expect(keepsOnly(`a{color:red} p{background:${'url(a '.repeat(100_000)}`)).toBe('a{color:red}');
  });

  it(`keeps at most ${CSS_LIMITS.maxRules} rules and ${CSS_LIMITS.maxDeclarations} declarations per message`, () => {
    const rules = Array.from({ length: CSS_LIMITS.maxRules + 50 }, (_, i) => `.r${i}{color:red}`).join('');
    expect(keepsOnly(rules).match(/\{/g)?.length).toBe(CSS_LIMITS.maxRules);
    const perRule = 100;
    const declarations = Array.from({ length: CSS_LIMITS.maxDeclarations / perRule + 5 }, (_, r) =>
      `p${r}{${Array.from({ length: perRule }, (_, i) => `--d${i}:1`).join(';')}}`,
    ).join('');
    expect(keepsOnly(declarations).match(/--d/g)?.length).toBe(CSS_LIMITS.maxDeclarations);
    // One rule longer than the per-rule token cap is dropped whole.
    const long = `p{${Array.from({ length: CSS_LIMITS.maxTokensPerRule }, (_, i) => `--d${i}:1`).join(';')}}`;
    expect(keepsOnly(`a{color:red}${long}`)).toBe('a{color:red}');
  });

  it(`sanitises at most ${CSS_LIMITS.maxBytes} bytes of CSS per message; rules past it are dropped`, () => {
    const rule = '.newsletter-column{padding:8px 16px;color:#333333;font:14px/1.4 Arial,sans-serif}\n';
    const count = Math.ceil((CSS_LIMITS.maxBytes * 1.5) / rule.length);
    const kept = keepsOnly(rule.repeat(count)).match(/newsletter-column/g)?.length ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(Math.floor(CSS_LIMITS.maxBytes / rule.length));
  });
});

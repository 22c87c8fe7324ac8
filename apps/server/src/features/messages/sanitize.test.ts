import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
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

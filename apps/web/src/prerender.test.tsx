import { describe, expect, it } from 'vitest';
import { prerender, protectedPathPatterns } from './prerender';

describe('the pages prerendered at build time', () => {
  it('renders the landing page with its headline and the way in, and no inline script (CSP)', async () => {
    const html = await prerender('/');
    expect(html).toContain('Your Gmail, sorted by rules you can read.');
    expect(html).toContain('href="/privacy"');
    expect(html).not.toContain('<script');
  });

  it('renders /connect with and without the way back, as the browser first renders them', async () => {
    expect(await prerender('/connect')).not.toContain('Sign in to continue where you were going.');
    expect(await prerender('/connect?returnTo=%2Fmanual')).toContain('Sign in to continue where you were going.');
  });

  it('lists every protected route for the server, and no public one', () => {
    const patterns = protectedPathPatterns();
    expect(patterns).toEqual(expect.arrayContaining(['/dashboard', '/manual', '/manual/:categoryId', '/settings', '/recovery']));
    for (const open of ['/', '/connect', '/connect/success', '/get-started', '/privacy', '/features', '*']) expect(patterns).not.toContain(open);
  });
});

import { describe, expect, it } from 'vitest';
import { chooseMethod, isOneClickPost, offeredMethods, parseListUnsubscribe, parseMailto } from './headers.ts';

describe('reading List-Unsubscribe (RFC 2369, RFC 6068)', () => {
  it('reads several URIs in order, in angle brackets, with whitespace and folding', () => {
    const parsed = parseListUnsubscribe('<mailto:leave@lists.example?subject=unsubscribe>,\r\n <https://lists.example/u/42>,<http://lists.example/u/42>');
    expect(parsed.https).toEqual(['https://lists.example/u/42']);
    expect(parsed.http).toEqual(['http://lists.example/u/42']);
    expect(parsed.mailto).toEqual([{ to: ['leave@lists.example'], subject: 'unsubscribe', body: null, uri: 'mailto:leave@lists.example?subject=unsubscribe' }]);
    expect(parsed.problems).toEqual([]);
  });

  it('ignores comments, whitespace inside the brackets and text outside them', () => {
    const parsed = parseListUnsubscribe('(Use this to leave) <https://lists.example/\r\n\tleave?id=7> (or mail us (nested)) <mailto:off@lists.example>');
    expect(parsed.https).toEqual(['https://lists.example/leave?id=7']);
    expect(parsed.mailto.map((m) => m.to)).toEqual([['off@lists.example']]);
  });

  it('a comment that contains angle brackets is not a URI', () => {
    expect(parseListUnsubscribe('(not this <https://evil.example/>) <https://lists.example/u>').https).toEqual(['https://lists.example/u']);
  });

  it('reads mailto: subject and body, percent-decoded, with + kept as a plus', () => {
    expect(parseMailto('mailto:list-request@lists.example?subject=unsubscribe%20me&body=remove%20a+b%40c.example')).toEqual({
      to: ['list-request@lists.example'],
      subject: 'unsubscribe me',
      body: 'remove a+b@c.example',
      uri: 'mailto:list-request@lists.example?subject=unsubscribe%20me&body=remove%20a+b%40c.example',
    });
    expect(parseMailto('mailto:?to=a@lists.example,b@lists.example&SUBJECT=stop')?.to).toEqual(['a@lists.example', 'b@lists.example']);
    // A subject cannot smuggle a header in with a line break.
    expect(parseMailto('mailto:a@lists.example?subject=x%0D%0ABcc:%20victim@example.com')?.subject).toBe('x Bcc: victim@example.com');
  });

  it('malformed headers give a clear state, never an exception', () => {
    const cases = [
      'https://lists.example/u', // no brackets
      '<>',
      '<mailto:>',
      '<mailto:not-an-address>',
      '<javascript:alert(1)>',
      '<https://>',
      '<mailto:a@b.example?subject=%E0%A4%A>', // broken percent-encoding
      '<<<>>>',
      '(((unclosed comment <https://lists.example/u>',
      'x'.repeat(20_000),
      '',
    ];
    for (const value of cases) {
      const parsed = parseListUnsubscribe(value);
      expect(parsed.https.length + parsed.http.length + parsed.mailto.length, value.slice(0, 40)).toBeLessThanOrEqual(1);
      if (value.trim() !== '' && parsed.https.length + parsed.mailto.length === 0) expect(parsed.problems.length, value.slice(0, 40)).toBeGreaterThan(0);
    }
    expect(parseListUnsubscribe('<mailto:a@b.example?subject=%E0%A4%A>').mailto[0]?.subject).toBeNull();
    expect(parseListUnsubscribe(null)).toEqual({ https: [], http: [], mailto: [], problems: [] });
    expect(parseListUnsubscribe('<javascript:alert(1)>').problems[0]).toMatch(/unsupported scheme/);
  });

  it('recognises RFC 8058 one-click only in its exact form', () => {
    expect(isOneClickPost('List-Unsubscribe=One-Click')).toBe(true);
    expect(isOneClickPost('  List-Unsubscribe=One-Click  ')).toBe(true);
    expect(isOneClickPost('List-Unsubscribe=One-Click; x=y')).toBe(false);
    expect(isOneClickPost('One-Click')).toBe(false);
    expect(isOneClickPost(null)).toBe(false);
  });
});

describe('choosing how to unsubscribe', () => {
  const all = parseListUnsubscribe('<mailto:leave@lists.example?subject=bye>, <https://lists.example/one-click/42>');
  const post = 'List-Unsubscribe=One-Click';

  it('one-click only with the POST header, an https URI and a passing DKIM signature', () => {
    expect(chooseMethod(all, post, 'pass')).toMatchObject({ method: 'one-click', target: 'https://lists.example/one-click/42', reason: null });
    expect(offeredMethods(all, post)).toEqual(['one-click', 'mailto', 'link']);
  });

  it('without DKIM (no DNS, as in the embedded default, or a failed signature) falls back to mailto and says why', () => {
    expect(chooseMethod(all, post, 'unavailable')).toMatchObject({ method: 'mailto', reason: expect.stringMatching(/could not be checked/) });
    expect(chooseMethod(all, post, 'fail')).toMatchObject({ method: 'mailto', reason: expect.stringMatching(/did not verify/) });
  });

  it('one-click needs an https URI: http with the POST header is a link for the user', () => {
    const httpOnly = parseListUnsubscribe('<http://lists.example/u>');
    expect(offeredMethods(httpOnly, post)).toEqual(['link']);
    expect(chooseMethod(httpOnly, post, 'pass')).toMatchObject({ method: 'link', target: 'http://lists.example/u' });
  });

  it('link only: a link the user opens, never requested by the server', () => {
    const link = parseListUnsubscribe('<https://lists.example/manage>');
    expect(chooseMethod(link, null, 'unchecked')).toMatchObject({ method: 'link', target: 'https://lists.example/manage' });
  });

  it('nothing usable: none, with the reason', () => {
    expect(chooseMethod(parseListUnsubscribe('<ftp://lists.example/x>'), null, 'unchecked')).toMatchObject({ method: 'none', reason: expect.stringMatching(/unsupported scheme/) });
    expect(chooseMethod(parseListUnsubscribe(null), null, 'unchecked')).toMatchObject({ method: 'none' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { markOffered, OPT_IN_NOT_NOW_KEY, rememberNotNow, shouldOfferOptIn } from './opt-in';

const READY = { firstSyncDone: true, pushState: 'off', permission: 'default', pathname: '/dashboard' } as const;

describe('shouldOfferOptIn', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('offers once the first sync is done, on a page of the app, while the browser can be asked', () => {
    expect(shouldOfferOptIn(READY)).toBe(true);
    expect(shouldOfferOptIn({ ...READY, pathname: '/inbox' })).toBe(true);
  });

  it('waits while the user is still connecting: /connect and /connect/success keep their own page', () => {
    expect(shouldOfferOptIn({ ...READY, pathname: '/connect' })).toBe(false);
    expect(shouldOfferOptIn({ ...READY, pathname: '/connect/success' })).toBe(false);
    // Only the onboarding paths themselves, not a page whose name merely starts the same way.
    expect(shouldOfferOptIn({ ...READY, pathname: '/connections' })).toBe(true);
  });

  it('does not offer before the first sync, when push is not off, or when the browser cannot ask', () => {
    expect(shouldOfferOptIn({ ...READY, firstSyncDone: false })).toBe(false);
    expect(shouldOfferOptIn({ ...READY, pushState: 'on' })).toBe(false);
    expect(shouldOfferOptIn({ ...READY, pushState: 'blocked' })).toBe(false);
    expect(shouldOfferOptIn({ ...READY, permission: 'denied' })).toBe(false);
  });

  it('offers once per visit and never again after "Not now"', () => {
    markOffered();
    expect(shouldOfferOptIn(READY)).toBe(false);
    sessionStorage.clear();
    rememberNotNow();
    expect(localStorage.getItem(OPT_IN_NOT_NOW_KEY)).not.toBeNull();
    expect(shouldOfferOptIn(READY)).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { markOffered, OPT_IN_NOT_NOW_KEY, rememberNotNow, shouldOfferOptIn, userIsBusy } from './opt-in';

const READY = { firstSyncDone: true, pushState: 'off', permission: 'default', pathname: '/dashboard', appPage: true } as const;

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

  it('waits for a page of the app: a signed-in user on a public page (/get-started as sign-in finishes) is not interrupted', () => {
    expect(shouldOfferOptIn({ ...READY, pathname: '/get-started', appPage: false })).toBe(false);
    expect(shouldOfferOptIn({ ...READY, pathname: '/privacy', appPage: false })).toBe(false);
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

describe('userIsBusy: the offer never interrupts the user', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is busy while a menu, dialog, popover or list of options is open', () => {
    expect(userIsBusy()).toBe(false);
    for (const open of ['<div role="menu"><button role="menuitem">Sign out</button></div>', '<div role="dialog" aria-label="Commands"></div>', '<div role="alertdialog"></div>', '<ul role="listbox"></ul>', '<div data-radix-popper-content-wrapper=""></div>']) {
      document.body.innerHTML = `<main><button>Archive</button></main>${open}`;
      expect(userIsBusy(), open).toBe(true);
    }
  });

  it('is busy while the user types in a field, not when a button has the focus', () => {
    document.body.innerHTML = '<input id="search" type="search"><textarea id="reply"></textarea><button id="go">Go</button><input id="pick" type="checkbox">';
    for (const id of ['search', 'reply']) {
      document.getElementById(id)!.focus();
      expect(userIsBusy(), id).toBe(true);
    }
    document.getElementById('go')!.focus();
    expect(userIsBusy()).toBe(false);
    document.getElementById('pick')!.focus();
    expect(userIsBusy()).toBe(false);
  });
});

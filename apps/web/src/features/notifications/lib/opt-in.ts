/** localStorage key holding the time (ms since the epoch) of the opt-in's "Not now". */
export const OPT_IN_NOT_NOW_KEY = 'mailroom.notifications.notNowAt';

export function rememberNotNow(): void {
  try {
    localStorage.setItem(OPT_IN_NOT_NOW_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): the dialog may ask again next visit.
  }
}

export function saidNotNow(): boolean {
  try {
    return localStorage.getItem(OPT_IN_NOT_NOW_KEY) !== null;
  } catch {
    return false;
  }
}

/** sessionStorage key: the dialog opened by itself once this visit. */
const OFFERED_KEY = 'mailroom.notifications.offered';

/**
 * Whether to offer notifications now, unasked: after the first sync has finished (the user has
 * seen Mailroom work, not on a first visit), on a page of the app itself (`appPage`: not the
 * public pages, where a new user is still on /get-started while the sign-in popup and a small
 * mailbox's first sync finish), not while the user is still connecting (/connect,
 * /connect/success: its own set-up bar, tour and "Skip to Inbox" are what the page is for; the
 * offer waits for the next page), while this browser can be asked, once per visit, and never
 * again after "Not now".
 */
export function shouldOfferOptIn(input: { firstSyncDone: boolean; pushState: 'unsupported' | 'blocked' | 'on' | 'off'; permission: string; pathname: string; appPage: boolean }): boolean {
  if (!input.firstSyncDone || input.pushState !== 'off' || input.permission !== 'default' || saidNotNow()) return false;
  if (!input.appPage || isConnecting(input.pathname)) return false;
  try {
    return sessionStorage.getItem(OFFERED_KEY) === null;
  } catch {
    return false;
  }
}

export function markOffered(): void {
  try {
    sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // Nothing to remember with.
  }
}

/** What the user may be in the middle of: an open menu, dialog, popover or list of options. */
const OVERLAYS = '[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"], [data-radix-popper-content-wrapper]';

/**
 * Whether offering now would interrupt the user: a menu, dialog or popover is open (the offer's
 * own dialog would take the focus and close it under the pointer), or they are typing in a field.
 * The offer waits until neither is so.
 */
export function userIsBusy(doc: Document = document): boolean {
  if (doc.querySelector(OVERLAYS)) return true;
  const active = doc.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  if (active.isContentEditable || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return true;
  return active instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(active.type);
}

function isConnecting(pathname: string): boolean {
  return pathname === '/connect' || pathname.startsWith('/connect/');
}

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
 * seen Mailroom work, not on a first visit), not while the user is still connecting (/connect,
 * /connect/success: its own set-up bar, tour and "Skip to Inbox" are what the page is for; the
 * offer waits for the next page), while this browser can be asked, once per visit, and never
 * again after "Not now".
 */
export function shouldOfferOptIn(input: { firstSyncDone: boolean; pushState: 'unsupported' | 'blocked' | 'on' | 'off'; permission: string; pathname: string }): boolean {
  if (!input.firstSyncDone || input.pushState !== 'off' || input.permission !== 'default' || saidNotNow()) return false;
  if (isConnecting(input.pathname)) return false;
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

function isConnecting(pathname: string): boolean {
  return pathname === '/connect' || pathname.startsWith('/connect/');
}

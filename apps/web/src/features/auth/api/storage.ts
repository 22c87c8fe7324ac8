/**
 * What the sign-in flow remembers in localStorage. localStorage (not sessionStorage) because
 * the popup and the page that opened it must both see it, and the preference outlives the tab.
 */
const PREFER_REDIRECT_KEY = 'mailroom.auth.preferRedirect';
const REDIRECT_FALLBACK_KEY = 'mailroom.auth.redirectFallbackAt';
const INTENT_KEY = 'mailroom.auth.intent';
const RESULT_KEY = 'mailroom.auth.lastResult';

/** An intent or result older than this belongs to an abandoned attempt. */
export const AUTH_ATTEMPT_TTL_MS = 15 * 60 * 1000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (some private modes): behave as if nothing was remembered
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled: the flow still works, it just does not remember
  }
}

function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function prefersRedirect(): boolean {
  return read(PREFER_REDIRECT_KEY) === '1';
}

export function setPrefersRedirect(value: boolean): void {
  write(PREFER_REDIRECT_KEY, value ? '1' : null);
}

/** Set when the redirect was a fallback after a blocked popup, so a failed return can say both failed. */
export function markRedirectFallback(now = Date.now()): void {
  write(REDIRECT_FALLBACK_KEY, String(now));
}

export function wasRedirectFallback(now = Date.now()): boolean {
  const at = Number(read(REDIRECT_FALLBACK_KEY));
  return Number.isFinite(at) && at > 0 && now - at < AUTH_ATTEMPT_TTL_MS;
}

export function clearRedirectFallback(): void {
  write(REDIRECT_FALLBACK_KEY, null);
}

/** After sign-in, continue to Gmail consent (set when a signed-out user clicks Connect Gmail). */
export interface AuthIntent {
  flow: 'gmail';
  write: boolean;
  mode: 'popup' | 'redirect';
  at: number;
}

export function setIntent(intent: Omit<AuthIntent, 'at'> | null, now = Date.now()): void {
  write(INTENT_KEY, intent ? JSON.stringify({ ...intent, at: now }) : null);
}

export function readIntent(now = Date.now()): AuthIntent | null {
  const intent = readJson<AuthIntent>(INTENT_KEY);
  if (!intent || intent.flow !== 'gmail' || typeof intent.at !== 'number' || now - intent.at > AUTH_ATTEMPT_TTL_MS) return null;
  return intent;
}

/** The message the popup posts to its opener (issue 5's protocol). */
export interface AuthMessage {
  type: 'mailroom:auth';
  status: 'success' | 'error';
  code?: string;
  message?: string;
  flow?: string;
}

export function isAuthMessage(value: unknown): value is AuthMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<AuthMessage>;
  return v.type === 'mailroom:auth' && (v.status === 'success' || v.status === 'error');
}

/**
 * The popup also leaves its result here: if the opener sees the popup closed before the message
 * event is handled (both are tasks; their order is not guaranteed), it still finds the outcome.
 */
export function storeResult(message: AuthMessage, now = Date.now()): void {
  write(RESULT_KEY, JSON.stringify({ ...message, at: now }));
}

export function takeResultSince(since: number): AuthMessage | null {
  const stored = readJson<AuthMessage & { at?: number }>(RESULT_KEY);
  if (!stored || !isAuthMessage(stored) || typeof stored.at !== 'number' || stored.at < since) return null;
  write(RESULT_KEY, null);
  return stored;
}

export const AUTH_RESULT_STORAGE_KEY = RESULT_KEY;

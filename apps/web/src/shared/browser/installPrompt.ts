/**
 * Chromium's `beforeinstallprompt` (not in the DOM typings: it is not a standard yet). The event
 * fires once, early, possibly before React renders, so it is captured here from main.tsx and
 * kept for whoever offers installation later.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallPromptState {
  event: BeforeInstallPromptEvent | null;
  /** When the browser offered installation (Date.now()), to time the banner from that moment. */
  receivedAt: number | null;
  installed: boolean;
}

let state: InstallPromptState = { event: null, receivedAt: null, installed: false };
const listeners = new Set<() => void>();
let started = false;

function set(next: InstallPromptState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function startCapturingInstallPrompt(target: Window = window): void {
  if (started) return;
  started = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; Mailroom shows its banner at the right moment.
    event.preventDefault();
    set({ event: event as BeforeInstallPromptEvent, receivedAt: Date.now(), installed: state.installed });
  });
  target.addEventListener('appinstalled', () => set({ event: null, receivedAt: null, installed: true }));
}

export function getInstallPromptState(): InstallPromptState {
  return state;
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const { event } = state;
  if (!event) return 'unavailable';
  set({ ...state, event: null });
  await event.prompt();
  const choice = event.userChoice ? await event.userChoice : null;
  return choice?.outcome ?? 'dismissed';
}

/** Running as an installed app (standalone window) rather than in a browser tab. */
export function isStandalone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

/** For tests: forget everything captured. */
export function resetInstallPromptForTests(): void {
  state = { event: null, receivedAt: null, installed: false };
}

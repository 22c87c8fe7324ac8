/** The viewer document (served with its own CSP: sandboxed, no script, images only when asked). */
export function messageViewUrl(messageId: string, showImages: boolean): string {
  return `/api/messages/${encodeURIComponent(messageId)}/view?images=${showImages ? 1 : 0}`;
}

/**
 * The iframe's sandbox: no allow-scripts and no allow-same-origin, ever (the body is hostile
 * input, DESIGN §6); links may open a new tab that leaves the sandbox, so the site works there.
 */
export const VIEWER_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

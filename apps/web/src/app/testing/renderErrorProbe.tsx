import { useSearchParams } from 'react-router';

/**
 * The end-to-end tests' switch for a deterministic render error (issue 2: "a thrown render error
 * shows Something went wrong with the message"). The route exists only when this localStorage
 * key is set before the app starts, which a test does with an init script: a link or a typed
 * URL cannot set it, so no user reaches the route by accident, and the test still exercises the
 * real production bundle and its real error boundary.
 */
export const RENDER_ERROR_PROBE_KEY = 'mailroom.e2e.renderErrorProbe';
export const RENDER_ERROR_PROBE_PATH = '/__e2e/render-error';

export function isRenderErrorProbeEnabled(): boolean {
  try {
    return window.localStorage.getItem(RENDER_ERROR_PROBE_KEY) === 'enabled';
  } catch {
    return false;
  }
}

export function RenderErrorProbe(): never {
  const [params] = useSearchParams();
  throw new Error(params.get('message') ?? 'Render error requested by the end-to-end tests');
}

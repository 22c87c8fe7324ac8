/** The settings feature's public surface: the app detects the browser's time zone at sign-in. */
export { useDetectTimeZone } from './hooks/useDetectTimeZone';
export { useSettings } from './hooks/useSettings';

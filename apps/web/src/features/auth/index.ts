/** The auth feature's public surface; other features and the app import only from here. */
export { AUTH_MESSAGES, signInFailedMessage } from './messages';
export { isPopupOpen, type AuthFlow } from './api/flows';
export { safeReturnTo } from './api/paths';
export { prefersRedirect, setPrefersRedirect } from './api/storage';
export { greetingName, startSessionCheck, useAuth, type AuthState } from './hooks/useAuth';
export { useAuthFlow } from './hooks/useAuthFlow';
export { useRedirectError, useRedirectResult } from './hooks/useRedirectResult';
export { useSignOut } from './hooks/useSignOut';
export { RequireAuth } from './components/RequireAuth';
export { SignInWithGoogleButton } from './components/SignInWithGoogleButton';

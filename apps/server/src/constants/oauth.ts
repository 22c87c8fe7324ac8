/**
 * Lifetimes in the OAuth 2.0 / OpenID Connect dances (RFC 6749, OIDC Core).
 */

/** A started sign-in or Gmail consent must come back within this time (state, nonce, PKCE verifier). */
export const OAUTH_FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * The embedded provider's token lifetimes mirror Google's: access tokens live one hour, refresh
 * tokens until revoked (here: half a year of disuse), authorization codes one minute.
 */
export const IDP_ACCESS_TOKEN_TTL_S = 60 * 60;
export const IDP_AUTHORIZATION_CODE_TTL_S = 60;
export const IDP_REFRESH_TOKEN_TTL_S = 180 * 24 * 60 * 60;
export const IDP_SESSION_TTL_S = 14 * 24 * 60 * 60;
export const IDP_INTERACTION_TTL_S = 60 * 60;

/** Refresh a stored Gmail access token this long before it expires, not after a 401. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60 * 1000;

import { Card, Page } from '../../../shared/ui';
import { RETENTION } from '../retention';
import { LegalSection } from './LegalSection';

/** /security: how Mailroom protects your account and your mail. Every statement is enforced in code. */
export function SecurityPage() {
  return (
    <Page
      title="Security"
      eyebrow="How your account and your mail are protected"
      description="Email is sensitive, and what arrives in it is untrusted. These are the protections this server applies."
      width="narrow"
    >
      <Card>
        <LegalSection id="access" icon="eyeOff" title="Least access to Gmail">
          <ul>
            <li>
              Connecting Gmail asks for <strong>read-only access</strong> (gmail.readonly).
            </li>
            <li>
              Permission to move mail to labels or the trash (gmail.modify) is asked for only the first time you do such an action. Mailroom never
              deletes mail permanently: “delete” moves it to Gmail’s trash, and every bulk action can be undone for {RETENTION.undoDays} days.
            </li>
            <li>You can disconnect in Settings or revoke access in your Google account at any time.</li>
          </ul>
        </LegalSection>
        <LegalSection id="signin" icon="user" title="Sign-in and sessions">
          <ul>
            <li>Sign-in uses OpenID Connect with Google (authorization code flow with PKCE); Mailroom never sees your password.</li>
            <li>
              Sessions are kept on the server; the browser holds only an HttpOnly cookie, which scripts cannot read. A new session is issued at every
              sign-in and removed at sign-out.
            </li>
            <li>Every request that changes something must carry a per-session anti-forgery token, so other websites cannot act on your behalf.</li>
            <li>After sign-in Mailroom only returns you to pages on this server, never to another site.</li>
            <li>Sign-in and the API are rate limited.</li>
          </ul>
        </LegalSection>
        <LegalSection id="secrets" icon="key" title="Secrets at rest">
          <ul>
            <li>Gmail access tokens are encrypted with AES-256-GCM before they are stored; without the server’s key they cannot be read.</li>
            <li>Personal API tokens are stored only as a hash, shown once when created, and can be revoked in Settings.</li>
            <li>Diagnostics report a token’s scopes and expiry, never the token or any part of it.</li>
          </ul>
        </LegalSection>
        <LegalSection id="isolation" icon="lock" title="Your data is only yours">
          <p>
            Every query is scoped to the signed-in user. Asking for another user’s category, message or token answers “not found”, exactly as if it did
            not exist.
          </p>
        </LegalSection>
        <LegalSection id="browser-protections" icon="shield" title="In the browser">
          <ul>
            <li>A strict Content Security Policy: scripts, styles and connections only from this server; no inline scripts; no third-party code.</li>
            <li>The app cannot be framed by other sites, which prevents clickjacking.</li>
          </ul>
        </LegalSection>
        <LegalSection id="deletion" icon="trash" title="When you leave">
          <p>
            Disconnecting Gmail deletes the tokens at once and purges the account’s mail data within {RETENTION.purgeAfterRevokeHours} hours. Deleting
            your account in Settings removes everything stored for you.
          </p>
        </LegalSection>
      </Card>
    </Page>
  );
}

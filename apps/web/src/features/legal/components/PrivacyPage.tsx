import { Link } from 'react-router';
import { Card, Page } from '../../../shared/ui';
import { RETENTION } from '../retention';
import { LegalSection } from './LegalSection';

/** /privacy: what Mailroom stores and does not, and for how long. Every statement is enforced in code. */
export function PrivacyPage() {
  return (
    <Page
      title="Privacy"
      eyebrow="What Mailroom keeps, and what it never keeps"
      description="Mailroom runs on a server operated by you or your organisation. This page says exactly what that server stores about you and for how long."
      width="narrow"
    >
      <Card>
        <LegalSection id="stores" icon="inbox" title="What Mailroom stores">
          <ul>
            <li>
              <strong>Your account:</strong> your Google account’s name and email address, and your sign-in sessions.
            </li>
            <li>
              <strong>Message metadata:</strong> for each message, the headers its features need (such as From, To, Subject and Date), its Gmail labels
              and size, and Gmail’s own short preview snippet (about 200 characters).
            </li>
            <li>
              <strong>What Mailroom works out:</strong> your categories, and the records of bulk actions needed to undo them.
            </li>
            <li>
              <strong>Access to Gmail:</strong> the tokens Google issues, encrypted (AES-256-GCM) before they are written to the database.
            </li>
            <li>
              <strong>Personal API tokens</strong> you create, stored only as a hash; the token itself is shown to you once.
            </li>
          </ul>
        </LegalSection>
        <LegalSection id="never" icon="eyeOff" title="What Mailroom never stores">
          <ul>
            <li>
              <strong>Email bodies and attachments.</strong> When you open a message, Mailroom fetches it from Gmail, cleans it, and sends it to your
              browser. It is not written to the database, the logs, or any cache on disk.
            </li>
            <li>
              <strong>Your Google password.</strong> Sign-in happens on Google’s pages; Mailroom never sees it.
            </li>
            <li>
              <strong>Tracking.</strong> There are no third-party scripts, analytics or advertising: the app’s Content Security Policy only lets the
              browser load code from this server.
            </li>
          </ul>
        </LegalSection>
        <LegalSection id="retention" icon="clock" title="How long it is kept">
          <ul>
            <li>
              Data Mailroom derives from your mail is deleted after <strong>{RETENTION.derivedDataDays} days</strong> by a retention job.
            </li>
            <li>
              Bulk actions (quarantine, delete to trash) can be undone for <strong>{RETENTION.undoDays} days</strong>; after that their records are
              removed.
            </li>
            <li>
              When you disconnect Gmail in Settings, or revoke Mailroom’s access in your Google account, the tokens are deleted at once and all of that
              account’s mail data is purged within <strong>{RETENTION.purgeAfterRevokeHours} hours</strong>.
            </li>
          </ul>
        </LegalSection>
        <LegalSection id="rights" icon="download" title="Export and deletion">
          <p>
            In <Link to="/settings" className="font-medium text-accent underline underline-offset-2">Settings</Link> you can download everything Mailroom
            stores about you as one JSON file, and delete your account with everything in it. Both take effect immediately.
          </p>
          <p>
            Requests to the operator of this server about your data are answered within <strong>{RETENTION.gdprResponseDays} days</strong> under the GDPR
            and <strong>{RETENTION.ccpaResponseDays} days</strong> under the CCPA; the export and deletion in Settings need no request at all.
          </p>
        </LegalSection>
        <LegalSection id="browser" icon="smartphone" title="In your browser">
          <p>
            One session cookie keeps you signed in (HttpOnly, SameSite=Lax, and Secure when served over HTTPS). Your browser’s local storage keeps a few
            preferences: whether you sign in with a popup or a redirect, and when you last dismissed the install banner.
          </p>
        </LegalSection>
        <LegalSection id="incidents" icon="alert" title="If something goes wrong">
          <p>
            If a security incident affects your data, the operator of this server notifies you at the email address you sign in with, without undue
            delay, and the supervisory authority within 72 hours where the GDPR requires it.
          </p>
        </LegalSection>
      </Card>
    </Page>
  );
}

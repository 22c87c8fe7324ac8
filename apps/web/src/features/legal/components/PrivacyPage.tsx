import { AI_STEP_TIMEOUT_MS, PROMISE_JOBS, SEARCH_MODEL_CONFIDENCE_BELOW } from '@mailroom/contract/promises';
import { Link } from 'react-router';
import { Card, Page } from '../../../shared/ui';
import { RETENTION } from '../retention';
import { LegalSection } from './LegalSection';

/** A background job by the name the server runs it under, so an operator can find it in the logs. */
function JobName({ name }: { name: string }) {
  return <code className="rounded bg-surface-2 px-1 font-mono text-[0.85em]">{name}</code>;
}

/**
 * /privacy: what Mailroom stores and does not, and for how long. Every statement is enforced in
 * code; each period names the job that keeps it (PROMISE_JOBS), and a server test with a fake
 * clock (platform/privacy-promises.test.ts) fails if the job stops keeping it.
 */
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
              <strong>Your account:</strong> your Google account’s name and email address, your sign-in sessions, and your settings (such as
              your time zone and the first day of your week).
            </li>
            <li>
              <strong>Message metadata:</strong> for each message, the headers its features need (such as From, To, Subject and Date), its Gmail labels
              and size, and Gmail’s own short preview snippet (about 200 characters).
            </li>
            <li>
              <strong>What Mailroom works out:</strong> your categories, the records of bulk actions needed to undo them, the style of your
              replies (your usual greeting and sign-off, how formal and how long: a few words learned from your sent replies, never their text), and a
              count of the replies you sent and whether they started from a suggestion.
            </li>
            <li>
              <strong>Replies on their way:</strong> what you write in a reply or forward waits on the server for your undo-send delay (set in
              Settings), then goes to Gmail and is deleted here at once. A reply Gmail does not take is kept as a draft, with the reason, until you retry
              or discard it, and for {RETENTION.derivedDataDays} days at most. The message you answer is never stored: it is quoted from a fresh copy
              fetched from Gmail as the reply is sent.
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
        <LegalSection id="ai" icon="sparkle" title="AI and your mail">
          <ul>
            <li>
              Suggested replies, priority, search and the rest of Mailroom’s AI run on this server, in Mailroom’s own code: nothing is sent to
              any AI service for them.
            </li>
            <li>
              The operator of this server may configure an AI model (any OpenAI-compatible endpoint; Settings shows which). Only when you choose{' '}
              <strong>Draft with AI</strong>, the text of the message you are answering goes to that endpoint, and to nothing else, with its sender,
              recipients and subject, the senders and Gmail snippets of the earlier messages in its conversation, the instruction you typed and
              your reply style. Mailroom keeps none of it, nor the model’s answer beyond your editor.
            </li>
            <li>
              When a model is configured and Mailroom’s own search translation is unsure of a search you run (it understood less than{' '}
              {Math.round(SEARCH_MODEL_CONFIDENCE_BELOW * 100)} % of it), the words of that search go to the model, with today’s date, your time
              zone and week start, and nothing from your mail. Its answer is used only if it is a valid Gmail query that came within{' '}
              {AI_STEP_TIMEOUT_MS / 1000} seconds, and the results say which translation was used.
            </li>
            <li>The Test button in Settings sends the model a one-word test question, nothing from your mail.</li>
          </ul>
        </LegalSection>
        <LegalSection id="retention" icon="clock" title="How long it is kept">
          <ul>
            <li>
              Data Mailroom derives from your mail is deleted after <strong>{RETENTION.derivedDataDays} days</strong> by a retention job that runs
              every day (<JobName name={PROMISE_JOBS.derivedDataRetention} />).
            </li>
            <li>
              Bulk actions (quarantine, delete to trash) can be undone for <strong>{RETENTION.undoDays} days</strong>; after that the records kept
              to undo them are removed by a daily job (<JobName name={PROMISE_JOBS.actionBatchExpiry} />), and the short log of the action goes
              with the rest of the derived data.
            </li>
            <li>
              When you disconnect Gmail in Settings, or revoke Mailroom’s access in your Google account, the tokens are deleted at once and all of that
              account’s mail data is purged within <strong>{RETENTION.purgeAfterRevokeHours} hours</strong>: a purge job starts right away (
              <JobName name={PROMISE_JOBS.accountPurge} />) and an hourly sweep (<JobName name={PROMISE_JOBS.purgeSweep} />) finishes any purge an
              interruption stopped.
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

import type { Generated } from 'kysely';
import type { LabelRow, MessageRow } from '@mailroom/mail-query';
import type { MailAction } from '@mailroom/contract';

/** Times are stored as epoch milliseconds (bigint on PostgreSQL, integer on SQLite). */
export interface UsersTable {
  id: string;
  email: string;
  /** The name Mailroom addresses the user by: the user's own choice, else the provider's. */
  display_name: string | null;
  /** The sign-in provider's latest name (kept while the user has chosen their own). */
  provider_display_name: string | null;
  /** 1 when the user chose display_name in Settings: sign-in does not overwrite it. */
  display_name_chosen: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Server-side sessions; the cookie carries a random token whose SHA-256 is the row id. */
export interface SessionsTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  user_agent: string | null;
}

/** A connected mailbox. `scopes` is space-separated; `token_ciphertext` is AES-256-GCM. */
export interface MailAccountsTable {
  id: string;
  user_id: string;
  /** Which provider kind holds the mailbox: an open set of names ('gmail' today; see providers/accounts.ts). */
  provider: string;
  email: string;
  scopes: string;
  token_ciphertext: string | null;
  token_expires_at: number | null;
  last_refresh_at: number | null;
  refresh_failures: number;
  last_error: string | null;
  /** 1 when the grant was revoked or expired and the user must reconnect (/gmail-fix). */
  needs_reconnect: number;
  connected_at: number;
  created_at: number;
  updated_at: number;
  /** Set when the user disconnected; the row and the account's mail data are purged in a job. */
  disconnected_at: number | null;
}

/** Personal API tokens (`Authorization: Bearer`); only the SHA-256 of the token is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}

/** An OAuth 2.0 authorization request in flight, keyed by SHA-256 of its `state`. */
export interface OAuthFlowsTable {
  id: string;
  purpose: 'signin' | 'gmail';
  /** The user who started a Gmail consent; null for sign-in. */
  user_id: string | null;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  mode: 'popup' | 'redirect';
  /** Space-separated scopes asked for. */
  scopes: string;
  created_at: number;
  expires_at: number;
}

/** Accounts of the embedded OpenID provider (it plays Google; these are its "Google accounts"). */
export interface IdpAccountsTable {
  id: string;
  email: string;
  display_name: string;
  created_at: number;
}

/** The embedded provider's ID token signing keys, as AES-256-GCM encrypted private JWKs. */
export interface IdpSigningKeysTable {
  id: string;
  jwk_ciphertext: string;
  created_at: number;
}

/** oidc-provider's persisted models (Session, Interaction, Grant, AccessToken, ...), one JSON each. */
export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Epoch ms; null never expires. */
  expires_at: number | null;
  consumed_at: number | null;
}

/** Sync checkpoint and progress per account (see migrations/20261121T1000_sync.ts). */
export interface SyncStateTable {
  account_id: string;
  status: 'never' | 'syncing' | 'idle' | 'error';
  /** What the next run does: list everything, or follow the provider's changes from sync_cursor. */
  phase: 'full' | 'incremental';
  /** The provider's own cursor (opaque here; Gmail: a history id), committed with the data it covers. */
  sync_cursor: string | null;
  /** The cursor when the running full sync began; incremental sync resumes there. */
  full_sync_cursor: string | null;
  page_token: string | null;
  full_sync_started: number;
  messages_total: number | null;
  messages_done: number;
  last_sync_at: number | null;
  last_full_sync_at: number | null;
  last_error: string | null;
  watch_expires_at: number | null;
  updated_at: number;
}

export interface SyncSeenTable {
  account_id: string;
  message_id: string;
}

/** A message a sync could not read and skipped (issue 22); retried by later syncs. */
export interface SyncSkippedMessagesTable {
  account_id: string;
  message_id: string;
  reason: string;
  attempts: number;
  first_skipped_at: number;
  last_tried_at: number;
}

/** Message metadata (never bodies); rows are built by @mailroom/mail-query's toStoreRow. */
export type MessagesTable = MessageRow;
/** Gmail labels per account; rows are built by @mailroom/mail-query's toLabelRow. */
export type LabelsTable = LabelRow;

/** A manual category: a Gmail search query with a name, per user. */
export interface CategoriesTable {
  id: string;
  user_id: string;
  name: string;
  /** Lower-cased name: names are unique per user regardless of case. */
  name_key: string;
  query: string;
  description: string;
  color: string | null;
  icon: string | null;
  created_at: number;
  updated_at: number;
}

/** A message action (archive, delete, quarantine, star, ...: MailAction) that can be undone for 7 days. */
export interface ActionBatchesTable {
  id: string;
  account_id: string;
  kind: MailAction;
  category_id: string | null;
  category_name: string | null;
  status: 'running' | 'done' | 'failed' | 'undoing' | 'undone' | 'undo_failed';
  message_count: number;
  done_count: number;
  restored_count: number;
  error: string | null;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
  undone_at: number | null;
  updated_at: number;
  /** JSON `{"add": [...], "remove": [...]}`: the label ids the batch added and removed in Gmail. */
  label_change: string;
}

/** One message of an action batch, with its labels from before the action. */
export interface ActionBatchMessagesTable {
  batch_id: string;
  account_id: string;
  message_id: string;
  position: number;
  /** JSON array of label ids. */
  previous_labels: string;
  state: 'pending' | 'applied' | 'restored';
}

/** sync/messages-changed.ts: "messages changed" events waiting to be delivered (ids as JSON arrays). */
export interface MessagesChangedOutboxTable {
  id: string;
  account_id: string;
  added: string;
  relabelled: string;
  deleted: string;
  created_at: number;
}

/** features/settings: the fields a user set (JSON of the contract's settings at `version`). */
export interface UserSettingsTable {
  user_id: string;
  version: number;
  settings: string;
  time_zone_source: 'default' | 'detected' | 'chosen';
  updated_at: number;
}

/** The replies feature's outbox (features/replies): what the user wrote, until Gmail has it. */
export interface OutgoingMessagesTable {
  id: string;
  account_id: string;
  user_id: string;
  mode: 'reply' | 'reply-all' | 'forward';
  original_message_id: string;
  thread_id: string | null;
  /** JSON Mailbox[] each. */
  to_addresses: string;
  cc_addresses: string;
  bcc_addresses: string;
  subject: string;
  /** What the user wrote; null once sent. */
  body: string | null;
  /** The Message-ID chosen when queued, without angle brackets. */
  rfc822_message_id: string;
  /** JSON {stance, edited}, or null. */
  from_suggestion: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  send_at: number;
  attempts: Generated<number>;
  attempt_started_at: number | null;
  sent_message_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** How the user writes replies, learned from their sent replies (derived data, no bodies). */
export interface ReplyStyleProfilesTable {
  account_id: string;
  greeting: string | null;
  sign_off: string | null;
  formality: 'casual' | 'neutral' | 'formal';
  length: 'short' | 'medium';
  samples: number;
  sender_name: string | null;
  learned_at: number;
}

/** One reply sent, and whether it started from a suggestion (derived data, for insights). */
export interface ReplyEventsTable {
  id: string;
  account_id: string;
  mode: 'reply' | 'reply-all' | 'forward';
  suggestion_stance: 'accept' | 'decline' | 'ask' | null;
  suggestion_edited: Generated<number>;
  created_at: number;
}

/** features/search: a user's recent searches (derived data, 30-day retention on searched_at). */
export interface RecentSearchesTable {
  id: string;
  user_id: string;
  request: string;
  /** The edited query that was run instead of the request's translation; null when none. */
  query: string | null;
  request_key: string;
  searched_at: number;
}

/** features/search: changes when an account's messages are added or deleted (its directory is stale). */
export interface SearchDirectoryMarksTable {
  account_id: string;
  marker: string;
  updated_at: number;
}

/** A browser's Web Push subscription under the seed's registration token (issue 20). */
export interface PushRegistrationsTable {
  token: string;
  user_id: string;
  endpoint: string;
  auth: string;
  p256dh: string;
  application_pub_key: string | null;
  created_at: number;
  updated_at: number;
  last_push_at: number | null;
}

/** What the bell lists and push delivers (issue 20); derived data, 30 days. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  count: number;
  push_state: 'pending' | 'held' | 'sent' | 'none';
  created_at: number;
  updated_at: number;
  read_at: number | null;
}

/** Messages that already notified (issue 20); derived data, 30 days. */
export interface NotifiedMessagesTable {
  account_id: string;
  message_id: string;
  notified_at: number;
}

/** features/priority: one learned model per mail account (derived data, age `updated_at`). */
export interface PriorityModelsTable {
  account_id: string;
  /** The model's JSON state (serialisePriorityState), bounded by the model's LIMITS. */
  state: string;
  /** Moves on with every write: one writer at a time (a write against a stale version retries). */
  version: number;
  threshold: number;
  actions_learned: number;
  /** What the last learned action changed, in words ("Mail from Alice will rank higher"); null when nothing visible. */
  last_effect: string | null;
  updated_at: number;
  /** When every message was last re-scored (a step after an action re-scores only related mail; the job the rest). */
  rescored_at: number;
}

/** features/priority: a message's score and verdict (derived data, age `scored_at`). */
export interface PriorityScoresTable {
  account_id: string;
  message_id: string;
  score: number;
  /** 1 when the message is on the Important side of the user's threshold. */
  important: number;
  /** The contribution that moved the score most, in words. */
  reason: string;
  /** JSON label ids as the model last saw them: sync's label changes are read against these. */
  labels_seen: string;
  /** When a list first showed the message (for "shown and left untouched for a day"); null when not yet. */
  shown_at: number | null;
  scored_at: number;
  /** 1 while the message is in the inbox (as the model last saw it): Inbox Flow's index. */
  inbox: number;
  /** The message's internal date: newest first among equal scores. */
  internal_date: number;
}

/** features/priority: the action log, folded into the model as it is learned (derived data, age `at`). */
export interface PriorityActionsTable {
  id: string;
  account_id: string;
  message_id: string;
  action: string;
  /** `mailroom` (an action taken in Mailroom), `sync` (seen happen in Gmail), `list` (ignored after being shown) or `undo` (an act taken back). */
  source: string;
  at: number;
  learned_at: number | null;
}

/** features/unsubscribe: the last unsubscribe asked per subscription and what followed (derived, 30-day retention). */
export interface UnsubscribeRequestsTable {
  id: string;
  account_id: string;
  /** `list:<List-Id>` or `from:<address>`, lower-cased (features/unsubscribe/subscriptions.ts). */
  subscription_key: string;
  name: string;
  method: 'one-click' | 'mailto' | 'link' | 'none';
  outcome: 'unsubscribed' | 'sent' | 'open-link' | 'failed' | 'unavailable';
  result: string;
  requested_at: number;
  checked_at: number | null;
  stopped_at: number | null;
  still_sending_message_id: string | null;
  still_sending_date: number | null;
  still_sending_subject: string | null;
  /** Earlier attempts, JSON `[{method, outcome, result, at}]`, oldest first (a failed one-click, then mailto). */
  history: Generated<string>;
  /** After a failed attempt: what to offer next (`mailto`, `link`, `block`), else null. */
  fallback: 'mailto' | 'link' | 'block' | null;
  /** For fallback `link`: the page for the user to open (never an address Mailroom refused). */
  fallback_link: string | null;
}

/** features/unsubscribe: subscriptions whose new mail is archived as it syncs. */
export interface BlockedSendersTable {
  account_id: string;
  subscription_key: string;
  name: string;
  created_at: number;
}

/** features/bundles: each message's bundle (null: none) and why (derived data, age `classified_at`). */
export interface MessageBundlesTable {
  account_id: string;
  message_id: string;
  bundle_id: string | null;
  reason: string;
  /** `sender` (the user's choice for the sender) or `rules`. */
  source: 'sender' | 'rules';
  /** The From address, lower-case (moveSender re-files by it). */
  sender: string;
  classified_at: number;
}

/** features/bundles: the user's choice for a sender (bundle_id null: always keep in inbox). */
export interface BundleSenderRulesTable {
  account_id: string;
  address: string;
  bundle_id: string | null;
  updated_at: number;
}

/** features/bundles: where a bundle's mail is shown (inbox, grouped, digest). */
export interface BundleSettingsTable {
  account_id: string;
  bundle_id: string;
  delivery: 'inbox' | 'grouped' | 'digest';
  updated_at: number;
}

/** features/bundles: moves with every change to an account's bundle assignments, sender choices or deliveries. */
export interface BundleGenerationsTable {
  account_id: string;
  generation: number;
}

/** features/bundles: the daily digest, one per user per day in their zone (derived data, age `created_at`). */
export interface DigestsTable {
  id: string;
  user_id: string;
  account_id: string;
  /** YYYY-MM-DD in `time_zone`. */
  day: string;
  time_zone: string;
  period_start: number;
  period_end: number;
  status: 'building' | 'ready';
  /** JSON of the digest's groups and actions. */
  content: string;
  built_at: number | null;
  emailed_at: number | null;
  /** The digest email: null (not tried), claimed and `sending`, `sent`, or `failed` (never resent). */
  email_state: 'sending' | 'sent' | 'failed' | null;
  email_claimed_at: number | null;
  /** The Message-ID the claimed email is sent with (how a run after a crash finds it was sent). */
  email_message_id: string | null;
  created_at: number;
}

export interface Database {
  sync_state: SyncStateTable;
  sync_seen: SyncSeenTable;
  sync_skipped_messages: SyncSkippedMessagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  mail_accounts: MailAccountsTable;
  messages: MessagesTable;
  labels: LabelsTable;
  api_tokens: ApiTokensTable;
  oauth_flows: OAuthFlowsTable;
  idp_accounts: IdpAccountsTable;
  idp_signing_keys: IdpSigningKeysTable;
  idp_payloads: IdpPayloadsTable;
  categories: CategoriesTable;
  action_batches: ActionBatchesTable;
  action_batch_messages: ActionBatchMessagesTable;
  messages_changed_outbox: MessagesChangedOutboxTable;
  user_settings: UserSettingsTable;
  recent_searches: RecentSearchesTable;
  search_directory_marks: SearchDirectoryMarksTable;
  outgoing_messages: OutgoingMessagesTable;
  reply_style_profiles: ReplyStyleProfilesTable;
  reply_events: ReplyEventsTable;
  push_registrations: PushRegistrationsTable;
  notifications: NotificationsTable;
  notified_messages: NotifiedMessagesTable;
  message_bundles: MessageBundlesTable;
  bundle_sender_rules: BundleSenderRulesTable;
  bundle_settings: BundleSettingsTable;
  digests: DigestsTable;
  bundle_generations: BundleGenerationsTable;
  unsubscribe_requests: UnsubscribeRequestsTable;
  blocked_senders: BlockedSendersTable;
  priority_models: PriorityModelsTable;
  priority_scores: PriorityScoresTable;
  priority_actions: PriorityActionsTable;
}

export type { Generated };

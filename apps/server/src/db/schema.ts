import type { Generated } from 'kysely';
import type { LabelRow, MessageRow } from '@mailroom/mail-query';

/** Times are stored as epoch milliseconds (bigint on PostgreSQL, integer on SQLite). */
export interface UsersTable {
  id: string;
  email: string;
  display_name: string | null;
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
  provider: 'gmail';
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
  /** What the next run does: list everything, or follow history from history_id. */
  phase: 'full' | 'incremental';
  history_id: string | null;
  /** The mailbox historyId when the running full sync began; incremental sync resumes there. */
  full_sync_history_id: string | null;
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

/** A bulk action (quarantine or delete) that can be undone for 7 days. */
export interface ActionBatchesTable {
  id: string;
  account_id: string;
  kind: 'quarantine' | 'delete';
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

export interface Database {
  sync_state: SyncStateTable;
  sync_seen: SyncSeenTable;
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
}

export type { Generated };

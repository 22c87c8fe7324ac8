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
}

/** Message metadata (never bodies); rows are built by @mailroom/mail-query's toStoreRow. */
export type MessagesTable = MessageRow;
/** Gmail labels per account; rows are built by @mailroom/mail-query's toLabelRow. */
export type LabelsTable = LabelRow;

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  mail_accounts: MailAccountsTable;
  messages: MessagesTable;
  labels: LabelsTable;
}

export type { Generated };

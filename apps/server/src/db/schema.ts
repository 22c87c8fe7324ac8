import type { Generated } from 'kysely';

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type { Generated };

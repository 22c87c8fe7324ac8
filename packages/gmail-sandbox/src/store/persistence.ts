import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { MessageIndex } from '../message-index.ts';
import type { StoredLabel } from './labels.ts';
import type { HistoryRecord, MailboxPersistence, MailboxState, PendingDelivery, StoredMessage } from './mailbox.ts';

export interface PersistedMailbox {
  email: string;
  state: MailboxState;
  messages: StoredMessage[];
  labels: StoredLabel[];
  history: HistoryRecord[];
  pending: PendingDelivery[];
}

/**
 * Keeps sandbox mailboxes in one SQLite file (better-sqlite3, WAL).
 *
 * Why SQLite rather than a JSON snapshot: the seeded mailbox holds ~45 MB of raw mail, and every
 * label change must survive a restart. A snapshot would rewrite all of it on each change (or lose
 * the last changes if debounced); SQLite writes one small row per change, synchronously, in the
 * same tick as the in-memory update, so what a client was told happened is on disk. The derived
 * index is stored beside the raw bytes so a restart does not re-parse every message.
 */
export class SqlitePersistence implements MailboxPersistence {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS mailboxes (email TEXT PRIMARY KEY, state TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS messages (
        email TEXT NOT NULL, id TEXT NOT NULL, thread_id TEXT NOT NULL, label_ids TEXT NOT NULL,
        internal_date INTEGER NOT NULL, history_id INTEGER NOT NULL, raw BLOB NOT NULL, message_index TEXT NOT NULL,
        PRIMARY KEY (email, id));
      CREATE TABLE IF NOT EXISTS labels (email TEXT NOT NULL, id TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (email, id));
      CREATE TABLE IF NOT EXISTS history (email TEXT NOT NULL, id INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (email, id));
      CREATE TABLE IF NOT EXISTS pending_deliveries (
        email TEXT NOT NULL, seq INTEGER NOT NULL, label_ids TEXT NOT NULL, gap_ms INTEGER NOT NULL, raw BLOB NOT NULL, message_index TEXT NOT NULL,
        PRIMARY KEY (email, seq));
    `);
    this.statements = {
      saveState: this.db.prepare(
        'INSERT INTO mailboxes (email, state) VALUES (?, ?) ON CONFLICT (email) DO UPDATE SET state = excluded.state',
      ),
      saveMessage: this.db.prepare(
        `INSERT INTO messages (email, id, thread_id, label_ids, internal_date, history_id, raw, message_index)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateLabels: this.db.prepare('UPDATE messages SET label_ids = ?, history_id = ? WHERE email = ? AND id = ?'),
      deleteMessage: this.db.prepare('DELETE FROM messages WHERE email = ? AND id = ?'),
      saveLabel: this.db.prepare(
        'INSERT INTO labels (email, id, label) VALUES (?, ?, ?) ON CONFLICT (email, id) DO UPDATE SET label = excluded.label',
      ),
      deleteLabel: this.db.prepare('DELETE FROM labels WHERE email = ? AND id = ?'),
      appendHistory: this.db.prepare('INSERT INTO history (email, id, record) VALUES (?, ?, ?)'),
      dropHistory: this.db.prepare('DELETE FROM history WHERE email = ? AND id <= ?'),
      savePending: this.db.prepare('INSERT INTO pending_deliveries (email, seq, label_ids, gap_ms, raw, message_index) VALUES (?, ?, ?, ?, ?, ?)'),
      deletePending: this.db.prepare('DELETE FROM pending_deliveries WHERE email = ? AND seq = ?'),
    };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  saveState(email: string, state: MailboxState): void {
    this.statements.saveState.run(email, JSON.stringify(state));
  }

  saveMessage(email: string, m: StoredMessage): void {
    this.statements.saveMessage.run(email, m.id, m.threadId, JSON.stringify(m.labelIds), m.internalDate, m.historyId, m.raw, JSON.stringify(m.index));
  }

  updateMessageLabels(email: string, m: StoredMessage): void {
    this.statements.updateLabels.run(JSON.stringify(m.labelIds), m.historyId, email, m.id);
  }

  deleteMessage(email: string, id: string): void {
    this.statements.deleteMessage.run(email, id);
  }

  saveLabel(email: string, label: StoredLabel): void {
    this.statements.saveLabel.run(email, label.id, JSON.stringify(label));
  }

  deleteLabel(email: string, id: string): void {
    this.statements.deleteLabel.run(email, id);
  }

  appendHistory(email: string, record: HistoryRecord): void {
    this.statements.appendHistory.run(email, record.id, JSON.stringify(record));
  }

  dropHistoryThrough(email: string, historyId: number): void {
    this.statements.dropHistory.run(email, historyId);
  }

  savePending(email: string, item: PendingDelivery): void {
    this.statements.savePending.run(email, item.seq, JSON.stringify(item.labelIds), item.gapMs, item.raw, JSON.stringify(item.index));
  }

  deletePending(email: string, seq: number): void {
    this.statements.deletePending.run(email, seq);
  }

  loadAll(): PersistedMailbox[] {
    const boxes = this.db.prepare('SELECT email, state FROM mailboxes').all() as Array<{ email: string; state: string }>;
    return boxes.map(({ email, state }) => {
      const messages = (
        this.db
          .prepare('SELECT id, thread_id, label_ids, internal_date, history_id, raw, message_index FROM messages WHERE email = ?')
          .all(email) as Array<{
          id: string;
          thread_id: string;
          label_ids: string;
          internal_date: number;
          history_id: number;
          raw: Buffer;
          message_index: string;
        }>
      ).map((row) => ({
        id: row.id,
        threadId: row.thread_id,
        labelIds: JSON.parse(row.label_ids) as string[],
        internalDate: row.internal_date,
        historyId: row.history_id,
        raw: row.raw,
        index: JSON.parse(row.message_index) as MessageIndex,
      }));
      const labels = (this.db.prepare('SELECT label FROM labels WHERE email = ?').all(email) as Array<{ label: string }>).map(
        (row) => JSON.parse(row.label) as StoredLabel,
      );
      const history = (this.db.prepare('SELECT record FROM history WHERE email = ? ORDER BY id').all(email) as Array<{ record: string }>).map(
        (row) => JSON.parse(row.record) as HistoryRecord,
      );
      const pending = (
        this.db.prepare('SELECT seq, label_ids, gap_ms, raw, message_index FROM pending_deliveries WHERE email = ? ORDER BY seq').all(email) as Array<{
          seq: number;
          label_ids: string;
          gap_ms: number;
          raw: Buffer;
          message_index: string;
        }>
      ).map((row) => ({ seq: row.seq, labelIds: JSON.parse(row.label_ids) as string[], gapMs: row.gap_ms, raw: row.raw, index: JSON.parse(row.message_index) as MessageIndex }));
      return { email, state: JSON.parse(state) as MailboxState, messages, labels, history, pending };
    });
  }

  close(): void {
    this.db.close();
  }
}

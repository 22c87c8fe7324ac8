import { DEFAULT_HISTORY_WINDOW } from '../limits.ts';
import { Mailbox } from './mailbox.ts';
import { SqlitePersistence } from './persistence.ts';

export interface StoreOptions {
  /** A SQLite file that keeps every mailbox across restarts; omit for a purely in-memory store. */
  file?: string | null;
  /** History records kept per mailbox; an older startHistoryId answers 404. */
  historyWindow?: number;
}

/** Every mailbox the sandbox serves, keyed by lower-cased address. */
export class SandboxStore {
  private readonly mailboxes = new Map<string, Mailbox>();
  private readonly persistence: SqlitePersistence | null;
  private readonly historyWindow: number;

  constructor(options: StoreOptions = {}) {
    this.historyWindow = options.historyWindow ?? DEFAULT_HISTORY_WINDOW;
    this.persistence = options.file ? new SqlitePersistence(options.file) : null;
    for (const saved of this.persistence?.loadAll() ?? []) {
      const mailbox = new Mailbox(saved.email, { historyWindow: this.historyWindow, persistence: this.persistence, state: saved.state });
      mailbox.restore(saved.messages, saved.labels, saved.history, saved.pending);
      this.mailboxes.set(saved.email, mailbox);
    }
  }

  get(email: string): Mailbox | undefined {
    return this.mailboxes.get(email.toLowerCase());
  }

  /** The user's mailbox, created empty (with the system labels) the first time. */
  mailbox(email: string): Mailbox {
    const key = email.toLowerCase();
    let mailbox = this.mailboxes.get(key);
    if (!mailbox) {
      mailbox = new Mailbox(key, { historyWindow: this.historyWindow, persistence: this.persistence });
      this.persistence?.saveState(key, mailbox.state);
      this.mailboxes.set(key, mailbox);
    }
    return mailbox;
  }

  emails(): string[] {
    return [...this.mailboxes.keys()];
  }

  close(): void {
    this.persistence?.close();
  }
}

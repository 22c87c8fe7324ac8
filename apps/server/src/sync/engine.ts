import type { Db } from '../db/database.ts';
import type { SyncStateTable } from '../db/schema.ts';
import { HistoryExpiredError, type HistoryChange, type MailProvider } from '../providers/mail-provider.ts';
import { KEPT_HEADERS, toStoredMeta, type StoredMessageMeta } from './metadata.ts';
import * as store from './store.ts';

/** Messages listed per users.messages.list page (Gmail's maximum is 500). */
export const LIST_PAGE_SIZE = 500;
/** Spam is never synced: it is hostile, and no feature of Mailroom acts on it. */
export const SYNC_QUERY = '-in:spam';
const SPAM = 'SPAM';

export interface SyncReport {
  mode: 'full' | 'incremental';
  added: number;
  updated: number;
  deleted: number;
  historyId: string;
  /** A full sync that followed a history 404 (Gmail no longer had our starting point). */
  recoveredFromExpiredHistory: boolean;
}

export interface SyncOptions {
  now?: () => number;
  /** Ids per users.messages.list page; Gmail's maximum (500) unless a test wants more pages. */
  pageSize?: number;
  /** Called after each committed page, for progress reporting. */
  onProgress?: (state: Pick<SyncStateTable, 'messages_done' | 'messages_total' | 'phase'>) => void;
}

/**
 * One sync of one account: full (users.messages.list) until the store has the whole mailbox,
 * then incremental (users.history.list) from the checkpoint, as Gmail's "Synchronizing clients"
 * guide describes. Every page is written in one transaction together with the checkpoint that
 * covers it, so a crash at any point resumes exactly (no loss, no duplicates).
 */
export async function syncAccount(db: Db, accountId: string, source: MailProvider, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? Date.now;
  let state = await store.loadState(db, accountId, now());
  await store.patchState(db, accountId, { status: 'syncing', last_error: null, updated_at: now() });
  try {
    let recovered = false;
    if (state.phase === 'incremental' && state.history_id) {
      try {
        const report = await incrementalSync(db, accountId, source, state.history_id, now);
        await store.patchState(db, accountId, { status: 'idle', last_sync_at: now(), updated_at: now() });
        return report;
      } catch (error) {
        if (!(error instanceof HistoryExpiredError)) throw error;
        // Gmail answers 404 when startHistoryId is too old: start over with a full sync that
        // reconciles with what is stored (users.history.list: "perform a full sync").
        await store.patchState(db, accountId, { phase: 'full', page_token: null, full_sync_started: 0, updated_at: now() });
        recovered = true;
        state = await store.loadState(db, accountId, now());
      }
    }
    const full = await fullSync(db, accountId, source, state, now, options);
    // Catch up with whatever changed while the listing ran.
    const catchUp = await incrementalSync(db, accountId, source, full.historyId, now);
    await store.patchState(db, accountId, { status: 'idle', last_sync_at: now(), updated_at: now() });
    return {
      mode: 'full',
      added: full.added + catchUp.added,
      updated: catchUp.updated,
      deleted: full.deleted + catchUp.deleted,
      historyId: catchUp.historyId,
      recoveredFromExpiredHistory: recovered,
    };
  } catch (error) {
    await store.patchState(db, accountId, {
      status: 'error',
      last_error: error instanceof Error ? error.message : String(error),
      updated_at: now(),
    });
    throw error;
  }
}

async function fullSync(
  db: Db,
  accountId: string,
  source: MailProvider,
  initial: SyncStateTable,
  now: () => number,
  options: SyncOptions,
): Promise<{ added: number; deleted: number; historyId: string }> {
  let state = initial;
  if (!state.full_sync_started || !state.full_sync_history_id) {
    // The historyId is taken before listing, so changes made during the listing are replayed
    // afterwards from it.
    const profile = await source.getProfile();
    await db.transaction().execute(async (trx) => {
      await store.clearSeen(trx, accountId);
      await store.patchState(trx, accountId, {
        phase: 'full',
        full_sync_started: 1,
        full_sync_history_id: profile.historyId,
        page_token: null,
        messages_total: profile.messagesTotal,
        messages_done: 0,
        updated_at: now(),
      });
    });
    state = await store.loadState(db, accountId, now());
  }
  await store.replaceLabels(db, accountId, await source.listLabels());

  let added = 0;
  let deleted = 0;
  let pageToken = state.page_token;
  let done = state.messages_done;
  for (;;) {
    const listed = await source.listMessageIds({ q: SYNC_QUERY, includeSpamTrash: true, maxResults: options.pageSize ?? LIST_PAGE_SIZE, pageToken });
    const page = { ids: listed.messages.map((m) => m.id), nextPageToken: listed.nextPageToken };
    // Every listed message is fetched once per full sync, including ones already stored, so a
    // reconciling sync also corrects their labels; `sync_seen` makes a resumed page skip the
    // ones this sync already wrote.
    const unseen = await store.unseenIds(db, accountId, page.ids);
    const fetched = await fetchMetadata(source, unseen);
    const keep = fetched.filter((m) => !m.labelIds.includes(SPAM));
    const last = page.nextPageToken === null;
    done += page.ids.length;
    await db.transaction().execute(async (trx) => {
      await store.upsertMessages(trx, accountId, keep);
      await store.markSeen(trx, accountId, unseen);
      if (last) {
        deleted = await store.deleteUnseen(trx, accountId);
        await store.clearSeen(trx, accountId);
        await store.patchState(trx, accountId, {
          phase: 'incremental',
          history_id: state.full_sync_history_id,
          full_sync_history_id: null,
          full_sync_started: 0,
          page_token: null,
          messages_done: done,
          // Gmail's messagesTotal counts spam, which is not synced; the real total is now known.
          messages_total: done,
          last_full_sync_at: now(),
          updated_at: now(),
        });
      } else {
        await store.patchState(trx, accountId, { page_token: page.nextPageToken, messages_done: done, updated_at: now() });
      }
    });
    added += keep.length;
    options.onProgress?.({ messages_done: done, messages_total: state.messages_total, phase: 'full' });
    if (last) return { added, deleted, historyId: state.full_sync_history_id! };
    pageToken = page.nextPageToken;
  }
}

interface PendingChange {
  /** Labels after the latest change seen; undefined when only added/deleted was seen. */
  labelIds?: string[];
  added: boolean;
  deleted: boolean;
}

async function fetchMetadata(source: MailProvider, ids: readonly string[]): Promise<StoredMessageMeta[]> {
  if (ids.length === 0) return [];
  // Ids deleted since they were listed come back as `missing` and are simply not stored.
  const { messages } = await source.getMessagesMetadata(ids, { headers: KEPT_HEADERS, withAttachments: true });
  return messages.map(toStoredMeta);
}

function collectChanges(history: readonly HistoryChange[]): Map<string, PendingChange> {
  const changes = new Map<string, PendingChange>();
  const touch = (message: { id: string }) => {
    const id = message.id;
    let change = changes.get(id);
    if (!change) {
      change = { added: false, deleted: false };
      changes.set(id, change);
    }
    return change;
  };
  for (const record of history) {
    for (const message of record.messagesAdded) {
      Object.assign(touch(message), { added: true, deleted: false, labelIds: message.labelIds });
    }
    for (const { message } of [...record.labelsAdded, ...record.labelsRemoved]) {
      // History carries the message's whole label list after the change.
      touch(message).labelIds = message.labelIds;
    }
    for (const message of record.messagesDeleted) touch(message).deleted = true;
  }
  return changes;
}

async function incrementalSync(
  db: Db,
  accountId: string,
  source: MailProvider,
  startHistoryId: string,
  now: () => number,
): Promise<SyncReport> {
  let added = 0;
  let updated = 0;
  let deleted = 0;
  let pageToken: string | null = null;
  let checkpoint = startHistoryId;
  for (;;) {
    const page = await source.listChanges({ startHistoryId, pageToken });
    const changes = collectChanges(page.changes);
    const ids = [...changes.keys()];
    const missing = new Set(await store.missingIds(db, accountId, ids));

    const toDelete: string[] = [];
    const toFetch: string[] = [];
    const relabel: Array<{ id: string; labelIds: string[] }> = [];
    for (const [id, change] of changes) {
      const spam = change.labelIds?.includes(SPAM) ?? false;
      if (change.deleted || spam) {
        if (!missing.has(id)) toDelete.push(id);
      } else if (missing.has(id)) {
        toFetch.push(id);
      } else if (change.labelIds) {
        relabel.push({ id, labelIds: change.labelIds });
      }
    }
    const fetched = await fetchMetadata(source, toFetch);
    const keep = fetched.filter((m) => !m.labelIds.includes(SPAM));

    // Records come in ascending id order; resuming from the last one processed replays nothing
    // that this transaction already applied. The final page checkpoints the mailbox's historyId.
    const lastRecord = page.changes.at(-1)?.id;
    checkpoint = page.nextPageToken ? (lastRecord ?? checkpoint) : page.historyId;
    await db.transaction().execute(async (trx) => {
      await store.upsertMessages(trx, accountId, keep);
      await store.setLabels(trx, accountId, relabel);
      await store.deleteMessages(trx, accountId, toDelete);
      await store.patchState(trx, accountId, { history_id: checkpoint, phase: 'incremental', updated_at: now() });
    });
    added += keep.length;
    updated += relabel.length;
    deleted += toDelete.length;
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  return { mode: 'incremental', added, updated, deleted, historyId: checkpoint, recoveredFromExpiredHistory: false };
}

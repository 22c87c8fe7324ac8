import type { Db } from '../db/database.ts';
import type { SyncStateTable } from '../db/schema.ts';
import { CursorExpiredError, type MailProvider, type MessageChange, type SyncCursor } from '../providers/mail-provider.ts';
import { recordMessagesChanged } from './messages-changed.ts';
import { KEPT_HEADERS, toStoredMeta, type StoredMessageMeta } from './metadata.ts';
import * as store from './store.ts';
import type { SkippedMessage } from './store.ts';

export type { SkippedMessage };

/** Spam is never synced: it is hostile, and no feature of Mailroom acts on it. */
export const SYNC_QUERY = '-in:spam';
const SPAM = 'SPAM';

export interface SyncReport {
  mode: 'full' | 'incremental';
  added: number;
  updated: number;
  deleted: number;
  /** Where the next incremental sync starts (the provider's own cursor; Gmail: a history id). */
  cursor: SyncCursor;
  /** A full sync that followed an expired cursor (Gmail: a history 404, it no longer had our starting point). */
  recoveredFromExpiredHistory: boolean;
  /**
   * Messages this sync could not read and skipped, so that the rest of the mailbox synced (issue
   * 22); each is recorded in sync_skipped_messages and tried again by the next syncs.
   */
  skipped: SkippedMessage[];
}

/** Recorded skips each sync tries again before it starts. */
const SKIPPED_RETRIES_PER_SYNC = 50;

export interface SyncOptions {
  now?: () => number;
  /** Ids per listing page; the provider's largest (Gmail: 500) unless a test wants more pages. */
  pageSize?: number;
  /** Called after each committed page, for progress reporting. */
  onProgress?: (state: Pick<SyncStateTable, 'messages_done' | 'messages_total' | 'phase'>) => void;
}

/**
 * One sync of one account: full (every message listed) until the store has the whole mailbox,
 * then incremental (the provider's changes after its cursor), as Gmail's "Synchronizing clients"
 * guide describes. Every page is written in one transaction together with the checkpoint that
 * covers it, so a crash at any point resumes exactly (no loss, no duplicates). The cursor is the
 * provider's: the engine stores it and hands it back, never reads it.
 */
export async function syncAccount(db: Db, accountId: string, source: MailProvider, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? Date.now;
  let state = await store.loadState(db, accountId, now());
  await store.patchState(db, accountId, { status: 'syncing', last_error: null, updated_at: now() });
  try {
    let recovered = false;
    if (state.phase === 'incremental' && state.sync_cursor) {
      try {
        const retried = await retrySkipped(db, accountId, source, now);
        const report = await incrementalSync(db, accountId, source, state.sync_cursor, now);
        await store.patchState(db, accountId, { status: 'idle', last_sync_at: now(), updated_at: now() });
        return { ...report, added: report.added + retried.added, skipped: [...retried.skipped, ...report.skipped] };
      } catch (error) {
        if (!(error instanceof CursorExpiredError)) throw error;
        // The provider no longer has changes from our cursor (Gmail: history.list answers 404):
        // start over with a full sync that reconciles with what is stored.
        await store.patchState(db, accountId, { phase: 'full', page_token: null, full_sync_started: 0, updated_at: now() });
        recovered = true;
        state = await store.loadState(db, accountId, now());
      }
    }
    const full = await fullSync(db, accountId, source, state, now, options);
    // Catch up with whatever changed while the listing ran.
    const catchUp = await incrementalSync(db, accountId, source, full.cursor, now);
    await store.patchState(db, accountId, { status: 'idle', last_sync_at: now(), updated_at: now() });
    return {
      mode: 'full',
      added: full.added + catchUp.added,
      updated: catchUp.updated,
      deleted: full.deleted + catchUp.deleted,
      cursor: catchUp.cursor,
      recoveredFromExpiredHistory: recovered,
      skipped: [...full.skipped, ...catchUp.skipped],
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
): Promise<{ added: number; deleted: number; cursor: SyncCursor; skipped: SkippedMessage[] }> {
  let state = initial;
  if (!state.full_sync_started || !state.full_sync_cursor) {
    // The cursor is taken before listing, so changes made during the listing are replayed
    // afterwards from it.
    const profile = await source.getProfile();
    // The total counts what the sync will store: Gmail's messagesTotal includes spam, which is not synced.
    const spam = (await source.countLabelMessages?.(SPAM)) ?? 0;
    await db.transaction().execute(async (trx) => {
      await store.clearSeen(trx, accountId);
      await store.patchState(trx, accountId, {
        phase: 'full',
        full_sync_started: 1,
        full_sync_cursor: profile.cursor,
        page_token: null,
        messages_total: Math.max(0, profile.messagesTotal - spam),
        messages_done: 0,
        updated_at: now(),
      });
    });
    state = await store.loadState(db, accountId, now());
  }
  await store.replaceLabels(db, accountId, await source.listLabels());

  let added = 0;
  let deleted = 0;
  const skippedAll: SkippedMessage[] = [];
  let pageToken = state.page_token;
  let done = state.messages_done;
  for (;;) {
    const listed = await source.listMessageIds({ q: SYNC_QUERY, includeSpamTrash: true, maxResults: options.pageSize ?? source.limits.maxListPageSize, pageToken });
    const page = { ids: listed.messages.map((m) => m.id), nextPageToken: listed.nextPageToken };
    // Every listed message is fetched once per full sync, including ones already stored, so a
    // reconciling sync also corrects their labels; `sync_seen` makes a resumed page skip the
    // ones this sync already wrote.
    const unseen = await store.unseenIds(db, accountId, page.ids);
    const { messages: fetched, skipped } = await fetchMetadata(source, unseen);
    const keep = fetched.filter((m) => !m.labelIds.includes(SPAM));
    const last = page.nextPageToken === null;
    done += page.ids.length;
    await db.transaction().execute(async (trx) => {
      await store.upsertMessages(trx, accountId, keep);
      // A message that cannot be read is skipped and recorded, never a reason to stop: the page
      // and its checkpoint commit, and the sync goes on (issue 22).
      await store.forgetSkipped(trx, accountId, fetched.map((m) => m.id));
      await store.recordSkipped(trx, accountId, skipped, now());
      await store.markSeen(trx, accountId, unseen);
      let gone: string[] = [];
      if (last) {
        gone = await store.deleteUnseen(trx, accountId);
        deleted = gone.length;
        await store.clearSeen(trx, accountId);
        await store.patchState(trx, accountId, {
          phase: 'incremental',
          sync_cursor: state.full_sync_cursor,
          full_sync_cursor: null,
          full_sync_started: 0,
          page_token: null,
          messages_done: done,
          // What was listed is the real total (mail that arrived or went during the sync included).
          messages_total: done,
          last_full_sync_at: now(),
          updated_at: now(),
        });
      } else {
        await store.patchState(trx, accountId, { page_token: page.nextPageToken, messages_done: done, updated_at: now() });
      }
      await recordMessagesChanged(trx, { accountId, added: keep.map((m) => m.id), relabelled: [], deleted: gone }, now());
    });
    added += keep.length;
    skippedAll.push(...skipped);
    options.onProgress?.({ messages_done: done, messages_total: state.messages_total, phase: 'full' });
    if (last) return { added, deleted, cursor: state.full_sync_cursor!, skipped: skippedAll };
    pageToken = page.nextPageToken;
  }
}

interface PendingChange {
  /** Labels after the latest change seen; undefined when only added/deleted was seen. */
  labelIds?: string[];
  added: boolean;
  deleted: boolean;
}

/**
 * The metadata of `ids`. Ids deleted since they were listed come back as `missing` and are
 * simply not stored; a message the provider would not give or whose metadata cannot be read is
 * returned as skipped, with the reason.
 */
async function fetchMetadata(source: MailProvider, ids: readonly string[]): Promise<{ messages: StoredMessageMeta[]; skipped: SkippedMessage[] }> {
  if (ids.length === 0) return { messages: [], skipped: [] };
  const { messages, unreadable } = await source.getMessagesMetadata(ids, { headers: KEPT_HEADERS, withAttachments: true });
  const stored: StoredMessageMeta[] = [];
  const skipped: SkippedMessage[] = [...unreadable];
  for (const message of messages) {
    try {
      stored.push(toStoredMeta(message));
    } catch (error) {
      skipped.push({ id: message.id, reason: `its metadata could not be read: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return { messages: stored, skipped };
}

/** Tries recorded skips again; those that can be read now are stored, the others counted. */
async function retrySkipped(db: Db, accountId: string, source: MailProvider, now: () => number): Promise<{ added: number; skipped: SkippedMessage[] }> {
  const ids = await store.skippedToRetry(db, accountId, SKIPPED_RETRIES_PER_SYNC);
  if (ids.length === 0) return { added: 0, skipped: [] };
  const { messages, skipped } = await fetchMetadata(source, ids);
  const keep = messages.filter((m) => !m.labelIds.includes(SPAM));
  await db.transaction().execute(async (trx) => {
    await store.upsertMessages(trx, accountId, keep);
    // Read now (or gone from the mailbox, or spam): no longer skipped.
    await store.forgetSkipped(trx, accountId, ids.filter((id) => !skipped.some((s) => s.id === id)));
    await store.recordSkipped(trx, accountId, skipped, now());
    await recordMessagesChanged(trx, { accountId, added: keep.map((m) => m.id), relabelled: [], deleted: [] }, now());
  });
  return { added: keep.length, skipped };
}

/** The net change per message over a page of changes, applied in the order they happened. */
function collectChanges(changes: readonly MessageChange[]): Map<string, PendingChange> {
  const pending = new Map<string, PendingChange>();
  for (const change of changes) {
    let entry = pending.get(change.id);
    if (!entry) {
      entry = { added: false, deleted: false };
      pending.set(change.id, entry);
    }
    if (change.kind === 'added') Object.assign(entry, { added: true, deleted: false, labelIds: change.labelIds });
    // A relabel carries the message's whole label list after the change.
    else if (change.kind === 'relabelled') entry.labelIds = change.labelIds;
    else entry.deleted = true;
  }
  return pending;
}

async function incrementalSync(
  db: Db,
  accountId: string,
  source: MailProvider,
  cursor: SyncCursor,
  now: () => number,
): Promise<SyncReport> {
  let added = 0;
  let updated = 0;
  let deleted = 0;
  const skippedAll: SkippedMessage[] = [];
  let pageToken: string | null = null;
  let checkpoint = cursor;
  for (;;) {
    const page = await source.listChanges({ cursor, pageToken });
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
    const { messages: fetched, skipped } = await fetchMetadata(source, toFetch);
    const keep = fetched.filter((m) => !m.labelIds.includes(SPAM));
    skippedAll.push(...skipped);

    // The provider's checkpoint for this page goes in with the page's changes: resuming from it
    // replays nothing this transaction applied.
    checkpoint = page.checkpoint;
    await db.transaction().execute(async (trx) => {
      await store.upsertMessages(trx, accountId, keep);
      await store.forgetSkipped(trx, accountId, [...fetched.map((m) => m.id), ...toDelete]);
      await store.recordSkipped(trx, accountId, skipped, now());
      await store.setLabels(trx, accountId, relabel);
      await store.deleteMessages(trx, accountId, toDelete);
      await store.patchState(trx, accountId, { sync_cursor: checkpoint, phase: 'incremental', updated_at: now() });
      await recordMessagesChanged(trx, { accountId, added: keep.map((m) => m.id), relabelled: relabel.map((r) => r.id), deleted: toDelete }, now());
    });
    added += keep.length;
    updated += relabel.length;
    deleted += toDelete.length;
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  return { mode: 'incremental', added, updated, deleted, cursor: checkpoint, recoveredFromExpiredHistory: false, skipped: skippedAll };
}

// Categories and bulk actions (issue 7), through the real app and its callable functions:
// getCategoryEmails' first page on a 100,000-message SQLite store (target: p95 under 100 ms),
// and quarantining 5,000 messages end to end under Gmail's classic quota, then undoing it.
import { CLASSIC_UNITS_PER_USER_PER_MINUTE, type Sandbox } from '@mailroom/gmail-sandbox';
import { generateApiToken } from '../apps/server/src/auth/api-tokens.ts';
import { GmailProvider } from '../apps/server/src/providers/gmail/gmail-provider.ts';
import { syncAccount } from '../apps/server/src/sync/engine.ts';
import type { TestApp } from '../apps/server/src/testing/app.ts';
import { createMailboxTestApp, userWithMailbox } from '../apps/server/src/testing/mailbox-app.ts';
import { callAs, openLargeUserStore, percentile, timeRuns, TYPICAL_CATEGORY_QUERIES } from './synthetic-store.ts';

const STORE_SIZE = 100_000;
const QUARANTINE_SIZE = 5_000;
const RUNS_PER_QUERY = 25;

async function firstPageOnLargeStore(): Promise<void> {
  const { call, close } = await openLargeUserStore({ size: STORE_SIZE, seed: 7, labels: true });
  try {

    const all: number[] = [];
    console.log(`getCategoryEmails, first page of 50, ${STORE_SIZE.toLocaleString('en')}-message SQLite store, through POST /api/fn (${RUNS_PER_QUERY} runs per query):`);
    for (const [i, query] of TYPICAL_CATEGORY_QUERIES.entries()) {
      const { categoryId } = (await call('createCategory', { name: `Category ${i}`, query })) as { categoryId: string };
      const { times, last: page } = await timeRuns(RUNS_PER_QUERY, () => call('getCategoryEmails', { categoryId, pageSize: 50 }) as Promise<{ emails: unknown[]; total: number | null }>);
      all.push(...times);
      console.log(
        `  ${query.padEnd(44)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms (${page.emails.length} shown of ${page.total?.toLocaleString('en')})`,
      );
    }
    const p95 = percentile(all, 95);
    console.log(`  all queries: median ${percentile(all, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target: p95 < 100 ms on SQLite: ${p95 < 100 ? 'met' : 'not met'})`);
  } finally {
    await close();
  }
}

/** Ham messages for the mailbox beyond the corpus, so the category holds exactly QUARANTINE_SIZE. */
function extraMbox(count: number, email: string): string {
  return Array.from({ length: count }, (_, i) =>
    [
      'From sender@example.org Sat Nov 21 06:00:00 2026',
      `From: Bench Sender ${i % 40} <sender${i % 40}@example.org>`,
      `To: ${email}`,
      `Subject: Bench message ${i}`,
      `Message-ID: <bench-${i}@example.org>`,
      `Date: ${new Date(Date.UTC(2026, 9, 1) + i * 60_000).toUTCString()}`,
      'X-Gmail-Labels: Inbox,Unread',
      '',
      `Body of bench message ${i}.`,
      '',
    ].join('\n'),
  ).join('\n');
}

async function waitForBatch(t: TestApp, token: string, batchId: string, until: readonly string[]): Promise<{ status: string; done: number; restored: number }> {
  for (;;) {
    const { batches } = (await callAs(t, token, 'listActionBatches', {})) as { batches: Array<{ batchId: string; status: string; done: number; restored: number }> };
    const batch = batches.find((b) => b.batchId === batchId);
    if (batch && until.includes(batch.status)) return batch;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function quarantineUnderClassicQuota(): Promise<void> {
  // The embedded default: in-process sandbox enforcing Gmail's classic quota, providers paced by it.
  const t = await createMailboxTestApp('sqlite', { SANDBOX_QUOTA_PER_MINUTE: String(CLASSIC_UNITS_PER_USER_PER_MINUTE) });
  const sandbox: Sandbox = t.sandbox;
  try {
    const email = 'bench@example.com';
    const user = await userWithMailbox(t, email, { write: true });
    // Fill the mailbox and mirror it into the store (set-up, not measured: quota and push off meanwhile).
    sandbox.setQuota(null);
    sandbox.setPush(null);
    const seeded = await sandbox.seedFromCorpus({ email });
    const ham = seeded.seeded - seeded.spam;
    await sandbox.importMbox(extraMbox(QUARANTINE_SIZE - ham, email), email);
    await syncAccount(t.database.db, user.accountId, new GmailProvider({ rootUrl: t.app.mailBackend.rootUrl()!, credentials: { access_token: user.accessToken }, pacing: null }));
    sandbox.runtime.quota.reset();
    sandbox.setQuota(CLASSIC_UNITS_PER_USER_PER_MINUTE);
    t.app.mailBackend.listening(new URL(t.app.mailBackend.rootUrl()!).origin);
    const { token, hash } = generateApiToken();
    await t.database.db.insertInto('api_tokens').values({ id: 'bench-token', user_id: user.userId, name: 'bench', token_hash: hash, created_at: Date.now(), last_used_at: Date.now() }).execute();

    const { categoryId, count } = (await callAs(t, token, 'createCategory', { name: 'Everything', query: 'is:read OR is:unread' })) as { categoryId: string; count: number };
    if (count !== QUARANTINE_SIZE) throw new Error(`the category holds ${count} messages, not ${QUARANTINE_SIZE}`);
    const quotaBefore = sandbox.runtime.quota.rejections;
    const charged = meter(sandbox);

    let started = performance.now();
    const result = (await callAs(t, token, 'quarantineEmails', { categoryId, all: true })) as { batchId: string; count: number; status: string };
    const answeredMs = performance.now() - started;
    const applied = await waitForBatch(t, token, result.batchId, ['done', 'failed']);
    const appliedMs = performance.now() - started;
    const mailbox = sandbox.store.mailbox(email);
    const quarantineId = [...mailbox.labels.values()].find((l) => l.name === 'Mailroom/Quarantine')!.id;
    const moved = [...mailbox.messages.values()].filter((m) => m.labelIds.includes(quarantineId)).length;
    console.log(
      `quarantineEmails of ${result.count.toLocaleString('en')} messages (all of a category), classic quota (${CLASSIC_UNITS_PER_USER_PER_MINUTE.toLocaleString('en')} units/min) enforced, real time: ` +
        `answered in ${answeredMs.toFixed(0)} ms (${result.status}), ${applied.status} in Gmail after ${(appliedMs / 1000).toFixed(2)} s; ${moved.toLocaleString('en')} messages carry Mailroom/Quarantine`,
    );
    const applyUnits = charged();

    started = performance.now();
    const undo = (await callAs(t, token, 'undoActionBatch', { batchId: result.batchId })) as { status: string };
    const undone = await waitForBatch(t, token, result.batchId, ['undone', 'undo_failed']);
    const undoMs = performance.now() - started;
    const stillQuarantined = [...mailbox.messages.values()].filter((m) => m.labelIds.includes(quarantineId)).length;
    console.log(`  undo: ${undone.restored.toLocaleString('en')} messages restored in ${(undoMs / 1000).toFixed(2)} s (${undo.status} at first), ${stillQuarantined} left in quarantine`);
    console.log(
      `  Gmail quota spent: ${applyUnits} units while quarantining, ${charged() - applyUnits} while undoing (batchModify at 50 units per 1,000 ids, plus the syncs Gmail's push notifications start); ${sandbox.runtime.quota.rejections - quotaBefore} requests refused for quota`,
    );
  } finally {
    await t.close();
  }
}

/** Quota units the sandbox charges from now on (refused requests cost nothing). */
function meter(sandbox: Sandbox): () => number {
  const quota = sandbox.runtime.quota;
  const charge = quota.charge.bind(quota);
  let spent = 0;
  quota.charge = (user, units) => {
    const decision = charge(user, units);
    if (decision.ok) spent += units;
    return decision;
  };
  return () => spent;
}

export default async function run(): Promise<void> {
  await firstPageOnLargeStore();
  await quarantineUnderClassicQuota();
}

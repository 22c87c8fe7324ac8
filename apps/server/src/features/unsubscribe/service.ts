import type { FnParsedRequest, FnResponse, Subscription, UnsubscribeResult } from '@mailroom/contract';
import { hasWriteScope, writeScopeRequired } from '../../auth/gmail-scopes.ts';
import { failedPrecondition, FnError, notFound } from '../../errors.ts';
import { composePlainMessage } from '../../providers/outgoing/index.ts';
import { decodeRawMessage, type MailProvider } from '../../providers/mail-provider.ts';
import { requireConnectedAccount, requireProvider, toFnError } from '../../providers/mailbox-access.ts';
import { UnsafeUrlError } from '../../providers/web/index.ts';
import { startActionBatch, type StartedBatch } from '../recovery/index.ts';
import type { UserFnContext } from '../registry.ts';
import { chooseMethod, isOneClickPost, parseListUnsubscribe, type DkimVerdict, type MailtoTarget, type MethodChoice, type ParsedListUnsubscribe } from './headers.ts';
import { block, blockedKeysOf, recordRequest, requestsOf, unblock } from './repository.ts';
import { byVolume, cachedAggregates, inboxOf, keyOfId, matchesFilter, PAGE_SIZE, toSubscription, type Aggregate, type RequestRow } from './subscriptions.ts';

/** RFC 8058 §3.1: the POST body, exactly. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
/** The raw message read for the DKIM check (on demand, never stored); larger ones are not checked. */
const DKIM_RAW_MAX_BYTES = 10 * 1024 * 1024;

export async function listSubscriptions(ctx: UserFnContext, data: FnParsedRequest<'listSubscriptions'>): Promise<FnResponse<'listSubscriptions'>> {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const now = ctx.clock.now();
  const [groups, requests, blocked] = await Promise.all([cachedAggregates(ctx.db, account.id, now), requestsOf(ctx.db, account.id), blockedKeysOf(ctx.db, account.id)]);
  const filter = data.filter ?? 'all';
  const all = [...groups.values()].map((g) => toSubscription(g, now, requests.get(g.key), blocked.has(g.key))).filter((s) => matchesFilter(s, filter));
  all.sort(byVolume);
  const offset = data.pageToken ? Number(data.pageToken) : 0;
  const page = all.slice(offset, offset + PAGE_SIZE);
  return { subscriptions: page, nextPageToken: offset + PAGE_SIZE < all.length ? String(offset + PAGE_SIZE) : null, total: all.length };
}

/** The user's subscriptions by id; an id that is not one of theirs answers NOT_FOUND (no hint whose it is). */
async function subscriptionsByIds(ctx: UserFnContext, accountId: string, ids: readonly string[]): Promise<Aggregate[]> {
  const groups = await cachedAggregates(ctx.db, accountId, ctx.clock.now());
  const found = [...new Set(ids)].map((id) => {
    const key = keyOfId(id);
    const group = key ? groups.get(key) : undefined;
    if (!group) throw notFound('No such subscription in your mail');
    return group;
  });
  const inbox = await inboxOf(ctx.db, accountId, new Set(found.map((g) => g.key)));
  // Copies: the cached aggregates are shared by every call.
  return found.map((group) => ({ ...group, inbox: inbox.get(group.key) ?? [] }));
}

interface Plan {
  group: Aggregate;
  parsed: ParsedListUnsubscribe;
  choice: MethodChoice;
}

export interface Fallback {
  fallback: 'mailto' | 'link' | 'block';
  link: string | null;
}

/**
 * What to offer after `failed` did not go through: the mailto: message when the list offers one
 * (and it was not what failed), else the list's page for the user to open themselves (a page
 * Mailroom refused as unsafe is not offered), else blocking. Never another request by the server.
 */
export function fallbackAfter(parsed: ParsedListUnsubscribe, failed: UnsubscribeResult['method'], refusedUrl: string | null = null): Fallback {
  if (failed === 'one-click' && parsed.mailto.length > 0) return { fallback: 'mailto', link: null };
  const link = [...parsed.https, ...parsed.http].find((uri) => uri !== refusedUrl);
  if (failed !== 'link' && link) return { fallback: 'link', link };
  return { fallback: 'block', link: null };
}

/**
 * The method the user asked for (the fallback after a failed attempt) instead of the best one:
 * mailto: when the list offers it; link: the page recorded as the fallback, else the list's
 * first page unless the last attempt's fallback was blocking (its only page was refused).
 */
function requestedMethod(parsed: ParsedListUnsubscribe, method: 'mailto' | 'link', request: RequestRow | undefined, name: string): MethodChoice {
  if (method === 'mailto') {
    const target = parsed.mailto[0];
    if (target) return { method: 'mailto', target, reason: null };
  } else {
    const refusedOnly = request?.outcome === 'failed' && request.fallback === 'block';
    const link = request?.fallback_link ?? (refusedOnly ? undefined : (parsed.https[0] ?? parsed.http[0]));
    if (link) return { method: 'link', target: link, reason: null };
  }
  throw failedPrecondition('METHOD_NOT_OFFERED', `${name} offers no ${method === 'mailto' ? 'mailto: address' : 'page to open'} to unsubscribe with`);
}

/** Whether the list's newest offering message carries a valid DKIM signature over both headers (fetched on demand, not stored). */
async function dkimOf(ctx: UserFnContext, provider: MailProvider, group: Aggregate): Promise<DkimVerdict> {
  const offering = group.offering;
  if (!offering) return 'unavailable';
  try {
    const raw = decodeRawMessage(await provider.getRawMessage(offering.id, { maxBytes: DKIM_RAW_MAX_BYTES }));
    return (await ctx.web.verifyDkim(raw.raw)).verdict;
  } catch (error) {
    ctx.log.warn({ err: error }, 'the message offering one-click could not be read for its DKIM check');
    return 'unavailable';
  }
}

async function plan(ctx: UserFnContext, provider: MailProvider, group: Aggregate, method: 'mailto' | 'link' | undefined, request: RequestRow | undefined): Promise<Plan> {
  const parsed = parseListUnsubscribe(group.offering?.list_unsubscribe ?? null);
  if (method) return { group, parsed, choice: requestedMethod(parsed, method, request, group.name) };
  const postHeader = group.offering?.list_unsubscribe_post ?? null;
  const oneClick = isOneClickPost(postHeader) && parsed.https.length > 0;
  const dkim: DkimVerdict = oneClick ? await dkimOf(ctx, provider, group) : 'unchecked';
  return { group, parsed, choice: chooseMethod(parsed, postHeader, dkim) };
}

async function archiveInbox(ctx: UserFnContext, provider: MailProvider, accountId: string, groups: Aggregate[], label: string): Promise<StartedBatch | null> {
  const messages = groups.flatMap((g) => g.inbox);
  if (messages.length === 0) return null;
  return startActionBatch(ctx, provider, {
    accountId,
    kind: 'archive',
    categoryId: null,
    categoryName: label,
    change: { add: [], remove: ['INBOX'] },
    messages,
  });
}

function batchLabel(prefix: string, groups: Aggregate[]): string {
  return groups.length === 1 ? `${prefix}: ${groups[0]!.name}` : `${prefix}: ${groups.length} subscriptions`;
}

async function sendMailto(ctx: UserFnContext, provider: MailProvider, account: { email: string }, target: MailtoTarget): Promise<string> {
  const user = await ctx.db.selectFrom('users').select(['display_name']).where('id', '=', ctx.principal.userId).executeTakeFirst();
  const { raw } = await composePlainMessage({
    from: { name: user?.display_name ?? null, address: account.email },
    to: target.to,
    // RFC 2369 §3.2: "unsubscribe" when the URI names no subject; its fields otherwise.
    subject: target.subject ?? 'unsubscribe',
    body: target.body ?? 'unsubscribe',
    now: new Date(ctx.clock.now()),
  });
  await provider.send(raw);
  return `Sent “${target.subject ?? 'unsubscribe'}” to ${target.to.join(', ')}.`;
}

async function carryOut(ctx: UserFnContext, provider: MailProvider, account: { id: string; email: string }, { group, parsed, choice }: Plan): Promise<UnsubscribeResult> {
  const base = { subscriptionId: Buffer.from(group.key, 'utf8').toString('base64url'), name: group.name, method: choice.method, note: choice.reason, link: null, fallback: null };
  const entry = { account_id: account.id, subscription_key: group.key, name: group.name, method: choice.method };
  const record = (outcome: 'unsubscribed' | 'sent' | 'open-link', result: string) => recordRequest(ctx.db, { ...entry, outcome, result, requested_at: ctx.clock.now() });
  /** A failed attempt is recorded with its reason, and answers what to offer next (never an automatic retry or GET). */
  const failed = async (message: string, refusedUrl: string | null = null): Promise<UnsubscribeResult> => {
    const next = fallbackAfter(parsed, choice.method, refusedUrl);
    await recordRequest(ctx.db, { ...entry, outcome: 'failed', result: message, requested_at: ctx.clock.now(), fallback: next.fallback, fallback_link: next.link });
    return { ...base, outcome: 'failed', message, fallback: next.fallback, link: next.link };
  };
  switch (choice.method) {
    case 'one-click': {
      const url = choice.target as string;
      try {
        // RFC 8058 §3.2: exactly this body, form-encoded, no cookies or credentials, no redirects.
        const response = await ctx.web.client.post({ url, body: ONE_CLICK_BODY, contentType: 'application/x-www-form-urlencoded' });
        if (response.status >= 200 && response.status < 300) {
          const message = `The list’s server accepted the one-click unsubscribe (HTTP ${response.status}).`;
          await record('unsubscribed', message);
          return { ...base, outcome: 'unsubscribed', message };
        }
        return await failed(
          response.status >= 300 && response.status < 400
            ? `One-click failed: the list’s server answered with a redirect (HTTP ${response.status}), which Mailroom does not follow.`
            : `One-click failed: the list’s server refused the unsubscribe (HTTP ${response.status}).`,
        );
      } catch (error) {
        if (error instanceof UnsafeUrlError) return await failed(`One-click failed: Mailroom refused to call this unsubscribe address: ${error.message}.`, url);
        return await failed(`One-click failed: ${(error as Error).message}.`);
      }
    }
    case 'mailto': {
      try {
        const message = await sendMailto(ctx, provider, account, choice.target as MailtoTarget);
        await record('sent', message);
        return { ...base, outcome: 'sent', message };
      } catch (error) {
        const mapped = toFnError(error);
        if (mapped instanceof FnError && (mapped.details as { reason?: string } | undefined)?.reason === 'WRITE_SCOPE_REQUIRED') throw mapped;
        return await failed(`The unsubscribe message could not be sent: ${(error as Error).message}`);
      }
    }
    case 'link': {
      const message = 'This list only offers a link: open it yourself to finish unsubscribing. Mailroom does not open it for you.';
      await record('open-link', message);
      return { ...base, outcome: 'open-link', message, link: choice.target as string };
    }
    case 'none':
      return { ...base, outcome: 'unavailable', message: choice.reason ?? 'The sender offers no way to unsubscribe; block it instead.', fallback: 'block' };
  }
}

export async function unsubscribe(ctx: UserFnContext, data: FnParsedRequest<'unsubscribe'>): Promise<FnResponse<'unsubscribe'>> {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const groups = await subscriptionsByIds(ctx, account.id, data.subscriptionIds);
  const provider = await requireProvider(ctx.providers, account);
  // Decide every method first (DKIM checks read mail, nothing changes), so a missing write
  // scope is reported before any request has gone out.
  const requests = data.method ? await requestsOf(ctx.db, account.id) : new Map<string, RequestRow>();
  const plans: Plan[] = [];
  for (const group of groups) plans.push(await plan(ctx, provider, group, data.method, requests.get(group.key)));
  const needsWrite = Boolean(data.archiveExisting || data.block) || plans.some((p) => p.choice.method === 'mailto');
  if (needsWrite && !hasWriteScope(account.scopes)) throw writeScopeRequired();

  const results: UnsubscribeResult[] = [];
  for (const p of plans) results.push(await carryOut(ctx, provider, account, p));
  const now = ctx.clock.now();
  if (data.block) for (const group of groups) await block(ctx.db, account.id, group.key, group.name, now);
  const archive = data.archiveExisting || data.block ? await archiveInbox(ctx, provider, account.id, groups, batchLabel(data.block ? 'Blocked' : 'Unsubscribed', groups)) : null;
  return { results, archive };
}

export async function blockSender(ctx: UserFnContext, data: FnParsedRequest<'blockSender'>): Promise<FnResponse<'blockSender'>> {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const [group] = await subscriptionsByIds(ctx, account.id, [data.subscriptionId]);
  if (!hasWriteScope(account.scopes)) throw writeScopeRequired();
  const provider = await requireProvider(ctx.providers, account);
  await block(ctx.db, account.id, group!.key, group!.name, ctx.clock.now());
  return { archive: await archiveInbox(ctx, provider, account.id, [group!], batchLabel('Blocked', [group!])) };
}

export async function unblockSender(ctx: UserFnContext, data: FnParsedRequest<'unblockSender'>): Promise<FnResponse<'unblockSender'>> {
  const account = await requireConnectedAccount(ctx.db, ctx.principal.userId);
  const key = keyOfId(data.subscriptionId);
  if (!key) throw notFound('No such subscription in your mail');
  // Another user's subscription is simply not blocked here: false, as for one never blocked.
  return { unblocked: await unblock(ctx.db, account.id, key) };
}

export type { Subscription };

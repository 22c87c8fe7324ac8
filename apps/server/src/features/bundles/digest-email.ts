import type { Digest } from '@mailroom/contract';
import { hasWriteScope } from '../../auth/gmail-scopes.ts';
import type { ConnectedAccount } from '../../providers/mailbox-access.ts';
import { composeHtmlMessage } from '../../providers/outgoing/index.ts';
import type { AppServices } from '../../platform/services.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The digest as a plain-text part and an HTML part (escaped here; links only to Mailroom's own pages). */
export function digestEmailBody(digest: Digest, publicUrl: string): { subject: string; text: string; html: string } {
  const subject = digest.total === 0 ? `Your Mailroom digest for ${digest.day}: nothing new in bundles` : `Your Mailroom digest for ${digest.day}: ${digest.total} in bundles`;
  const link = `${publicUrl}/digest?d=${encodeURIComponent(digest.digestId)}`;
  const lines: string[] = [subject, ''];
  const html: string[] = [`<h1 style="font:600 18px sans-serif">${escape(subject)}</h1>`];
  for (const group of digest.groups) {
    lines.push(`${group.name} (${group.count})`);
    html.push(`<h2 style="font:600 15px sans-serif;margin:16px 0 4px">${escape(group.name)} (${group.count})</h2><ul style="font:14px sans-serif;padding-left:18px">`);
    for (const item of group.top) {
      const sender = item.from.name ?? item.from.address;
      lines.push(`  - ${sender}: ${item.subject}`);
      html.push(`<li><b>${escape(sender)}</b>: ${escape(item.subject)}<br><span style="color:#555">${escape(item.snippet.slice(0, 140))}</span></li>`);
    }
    html.push('</ul>');
    lines.push('');
  }
  const done = digest.actions.batches.map((b) => `${b.kind.replace('_', ' ')}: ${b.messages} messages`);
  if (done.length || digest.actions.undone || digest.actions.unsubscribed) {
    const extra = [...(digest.actions.undone ? [`${digest.actions.undone} undone`] : []), ...(digest.actions.unsubscribed ? [`unsubscribed from ${digest.actions.unsubscribed}`] : [])];
    const summary = `Mailroom did: ${[...done, ...extra].join('; ')}`;
    lines.push(summary);
    html.push(`<p style="font:14px sans-serif">${escape(summary)}</p>`);
  }
  const recovery = `Waiting in Recovery (undo for 7 days): ${digest.recoverable.batches} actions, ${digest.recoverable.messages} messages.`;
  lines.push(recovery, '', `Open the digest: ${link}`);
  html.push(`<p style="font:14px sans-serif">${escape(recovery)}</p><p style="font:14px sans-serif"><a href="${escape(link)}">Open the digest in Mailroom</a></p>`);
  return { subject, text: lines.join('\n'), html: `<!doctype html><html><body>${html.join('')}</body></html>` };
}

/**
 * Emails the digest to the user through their own mailbox (users.messages.send, which needs the
 * write scope). Without it nothing is sent and the digest stays on /digest. Marked
 * Auto-Submitted (RFC 3834) so Mailroom's own classifier and others file it as a notification.
 */
export async function emailDigest(services: AppServices, account: ConnectedAccount, digest: Digest, messageId?: string): Promise<boolean> {
  if (!hasWriteScope(account.scopes)) return false;
  const provider = await services.providers(account.id);
  if (!provider) return false;
  const body = digestEmailBody(digest, services.config.publicUrl);
  const { raw } = await composeHtmlMessage({
    from: { name: 'Mailroom digest', address: account.email },
    to: { name: null, address: account.email },
    subject: body.subject,
    text: body.text,
    html: body.html,
    now: new Date(services.clock.now()),
    headers: { 'Auto-Submitted': 'auto-generated' },
    ...(messageId ? { messageId } : {}),
  });
  await provider.send(raw);
  return true;
}

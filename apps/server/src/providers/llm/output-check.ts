import { extractNewText } from '@mailroom/intelligence/replies';
import type { DraftInput } from './draft-prompt.ts';

/**
 * Checks on a model's draft before it is offered as the reply: it must say something, must not
 * just repeat the message it answers, and must not contain email addresses that appear nowhere
 * in the conversation (a model inventing a contact, or a prompt injection trying to route mail
 * elsewhere). A draft that fails is replaced by the local suggestions, and the result says why.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;

/** Tidies what models add around a draft: code fences, a "Here is a reply:" line, a subject line, wrapping quotes. */
export function cleanDraft(raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n').trim();
  text = text.replace(/^```[\w-]*\n([\s\S]*?)\n?```$/, '$1').trim();
  text = text.replace(/^(?:sure[,!.]?\s*)?(?:here(?:'s| is)|below is)\b[^\n]{0,80}(?:draft|reply|response|email)[^\n]{0,40}:\s*\n+/i, '');
  text = text.replace(/^subject:[^\n]*\n+/i, '');
  if (/^"[\s\S]*"$/.test(text) && !text.slice(1, -1).includes('"')) text = text.slice(1, -1).trim();
  return text;
}

/** Addresses the draft may mention: the participants, the user's, and any the message or thread names. */
export function allowedAddresses(input: DraftInput): Set<string> {
  const allowed = new Set<string>();
  const add = (a: string) => allowed.add(a.toLowerCase());
  for (const a of [input.message.from, ...input.message.to, ...input.message.cc, ...(input.message.replyTo ?? [])]) add(a.address);
  for (const a of input.user.addresses) add(a);
  for (const m of input.message.text.matchAll(EMAIL)) add(m[0]);
  for (const item of input.thread) for (const m of `${item.from} ${item.snippet}`.matchAll(EMAIL)) add(m[0]);
  for (const m of (input.instruction ?? '').matchAll(EMAIL)) add(m[0]);
  return allowed;
}

/** The first address in `text` that is not allowed, or null. */
export function inventedAddress(text: string, allowed: Set<string>): string | null {
  for (const m of text.matchAll(EMAIL)) {
    const address = m[0].replace(/\.+$/, '').toLowerCase();
    if (!allowed.has(address)) return address;
  }
  return null;
}

/** Why the draft cannot be used, or null when it can. */
export function draftProblem(draft: string, input: DraftInput): string | null {
  const words = draft.match(/\p{L}+/gu) ?? [];
  if (words.length < 2) return 'The model returned an empty draft.';
  const invented = inventedAddress(draft, allowedAddresses(input));
  if (invented) return `The model's draft mentions an address that is not in the conversation (${invented}).`;
  const lines = draft.split('\n').filter((l) => l.trim() !== '');
  if (lines.length >= 3 && lines.filter((l) => /^\s*>/.test(l)).length * 2 >= lines.length) return "The model's draft quotes the message instead of answering it.";
  if (repeatsMessage(draft, input.message.text)) return "The model's draft repeats the message instead of answering it.";
  return null;
}

/** Most of the message's own sentences (6-word runs) reappear in the draft. */
function repeatsMessage(draft: string, original: string): boolean {
  const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);
  const source = words(extractNewText(original).text);
  if (source.length < 12) return false;
  const shingles = (list: string[]) => {
    const out = new Set<string>();
    for (let i = 0; i + 6 <= list.length; i++) out.add(list.slice(i, i + 6).join(' '));
    return out;
  };
  const fromSource = shingles(source);
  const fromDraft = shingles(words(draft));
  let repeated = 0;
  for (const s of fromSource) if (fromDraft.has(s)) repeated++;
  return repeated / fromSource.size >= 0.6;
}

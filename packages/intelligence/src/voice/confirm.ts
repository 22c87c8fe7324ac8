/**
 * "Destructive actions on more than one message ask for confirmation" (issue 16): a spoken
 * "trash" with 24 messages selected is answered with a question, and only a `confirm` carries
 * it out. One message needs no question: the action's Undo is right there.
 */
import type { Intent } from './intents.ts';

/** Bulk actions that remove messages from view; the ones a misheard word must not do to many. */
export const CONFIRMED_BULK_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['archive', 'trash', 'quarantine']);

const VERBS: Partial<Record<Intent, string>> = { archive: 'Archive', trash: 'Trash', quarantine: 'Quarantine' };

export function needsConfirmation(intent: Intent, selectionCount: number): boolean {
  return CONFIRMED_BULK_INTENTS.has(intent) && selectionCount > 1;
}

/** The question to ask (and speak): "Trash 24 messages? Say yes or no". */
export function confirmationQuestion(intent: Intent, selectionCount: number): string {
  const verb = VERBS[intent];
  if (!verb) throw new Error(`"${intent}" is not an action that asks for confirmation`);
  const count = Math.max(0, Math.trunc(selectionCount));
  return `${verb} ${count.toLocaleString('en-US')} ${count === 1 ? 'message' : 'messages'}? Say yes or no`;
}

/** How a parsed answer settles the question: yes, no, or not an answer (ask again). */
export function confirmationAnswer(intent: Intent): 'yes' | 'no' | null {
  if (intent === 'confirm') return 'yes';
  if (intent === 'deny' || intent === 'cancel') return 'no';
  return null;
}

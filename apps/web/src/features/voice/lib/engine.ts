/**
 * Carrying out an understood command, app-wide: pages through the router, categories by name,
 * searches on /search, list commands and mail actions through the mail list's controller (a
 * destructive action on more than one message asks first), replies through the replies feature.
 * Loaded on first use (VoiceProvider imports it dynamically) with the parser and its tables, so
 * none of it weighs on the first page a visitor downloads.
 */
import type { MailAction } from '@mailroom/contract';
import { confirmationQuestion, needsConfirmation, parseVoiceCommand, type Intent, type Page } from '@mailroom/intelligence/voice';
import { callFn } from '../../../shared/api';
import { activeMailList, type MailControlCommand } from '../../mail';
import { requestComposer } from '../../replies';
import { searchPath } from '../../search';
import { describeCommand } from './describe';
import { PAGE_PATHS, PAGE_TITLES } from './pages';
import type { VoiceCommand, VoiceOutcome } from './types';

export { confirmationAnswer } from '@mailroom/intelligence/voice';

/** The user's categories, for "open receipts": read when needed, kept a little while. */
const CATEGORIES_FRESH_MS = 30_000;
let categoriesCache: { at: number; list: Promise<ReadonlyArray<{ categoryId: string; name: string }>> } | null = null;

function userCategories(): Promise<ReadonlyArray<{ categoryId: string; name: string }>> {
  if (!categoriesCache || Date.now() - categoriesCache.at > CATEGORIES_FRESH_MS) {
    const list = callFn('listCategories').then(
      (result) => result.categories.map((c) => ({ categoryId: c.categoryId, name: c.name })),
      () => [],
    );
    categoriesCache = { at: Date.now(), list };
  }
  return categoriesCache.list;
}

/** Forgets the categories read (a test, or after the user changed them). */
export function forgetCategories(): void {
  categoriesCache = null;
}

/** Typed (or browser-recognised) words -> a command, with the user's category names. */
export async function parseTyped(text: string) {
  const categories = await userCategories();
  return parseVoiceCommand(text, { categories: categories.map((c) => c.name) });
}

export interface CommandEnvironment {
  navigate(path: string): void;
  readAloud(messageId: string): Promise<VoiceOutcome>;
  stopReading(): void;
}

export type CommandResult =
  | { kind: 'done'; understood: string; outcome: VoiceOutcome; help?: boolean }
  /** A destructive action on more than one message: ask first ("Trash 24 messages? Say yes or no"). */
  | { kind: 'confirm'; understood: string; question: string; intent: string };

/** The intents that are mail actions, and the server action each one is. */
const MAIL_ACTIONS: Partial<Record<string, MailAction>> = {
  archive: 'archive',
  trash: 'delete',
  quarantine: 'quarantine',
  star: 'star',
  unstar: 'unstar',
  mark_read: 'mark_read',
  mark_unread: 'mark_unread',
  important: 'important',
  not_important: 'not_important',
};

const LIST_COMMANDS: Partial<Record<string, MailControlCommand>> = {
  next: { type: 'next' },
  previous: { type: 'previous' },
  open: { type: 'open' },
  close: { type: 'close' },
  select: { type: 'select' },
  select_all: { type: 'select-all' },
  clear_selection: { type: 'clear-selection' },
};

const NO_LIST = 'There is no list of messages on this page. Open one first: say “open” and a category’s name, or search.';

const withUndo = (outcome: { message: string; done: boolean; undoable: boolean }, undo: () => void): VoiceOutcome => ({
  message: outcome.message,
  tone: outcome.done ? 'ok' : 'error',
  ...(outcome.undoable ? { undo } : {}),
});

/** Carries out one understood command (never `unknown`). */
export async function carryOutCommand(command: VoiceCommand, env: CommandEnvironment): Promise<CommandResult> {
  const { intent, slots } = command;
  const understood = describeCommand(intent, slots);
  const done = (outcome: VoiceOutcome, help = false): CommandResult => ({ kind: 'done', understood, outcome, help });
  const list = activeMailList();
  const snapshot = list?.snapshot();
  const currentMessageId = snapshot ? (snapshot.openId ?? snapshot.current?.id ?? null) : null;

  if (intent === 'navigate') {
    const page = slots.page as Page;
    env.navigate(PAGE_PATHS[page]);
    return done({ message: `Opened ${PAGE_TITLES[page]}.` });
  }
  if (intent === 'open_category') {
    const name = String(slots.name).toLocaleLowerCase();
    const find = async () => (await userCategories()).find((c) => c.name.toLocaleLowerCase() === name);
    let category = await find();
    if (!category) {
      // Made a moment ago? Read the list again before saying it is not there.
      forgetCategories();
      category = await find();
    }
    if (!category) return done({ message: `You have no category called ${String(slots.name)}.`, tone: 'warn' });
    env.navigate(`/manual/${encodeURIComponent(category.categoryId)}`);
    return done({ message: `Opened the category ${category.name}.` });
  }
  if (intent === 'search') {
    env.navigate(searchPath(String(slots.request)));
    return done({ message: `Searching for “${String(slots.request)}”.` });
  }
  const listCommand = LIST_COMMANDS[intent];
  if (listCommand) {
    if (!list) return done({ message: NO_LIST, tone: 'warn' });
    const outcome = await list.run(listCommand);
    return done({ message: outcome.message || understood, tone: outcome.done ? 'ok' : 'warn' });
  }
  if (intent === 'read_aloud') {
    if (!currentMessageId) return done({ message: 'Open a message first, then say “read it aloud”.', tone: 'warn' });
    return done(await env.readAloud(currentMessageId));
  }
  if (intent === 'stop_reading') {
    env.stopReading();
    return done({ message: 'Stopped reading.' });
  }
  const action = MAIL_ACTIONS[intent];
  if (action && list) {
    const count = list.snapshot().targetCount;
    if (count === 0) return done({ message: 'Select a message or open one first.', tone: 'warn' });
    if (count === null) return { kind: 'confirm', understood, intent, question: `${understood}: every message here? Say yes or no` };
    if (needsConfirmation(intent as Intent, count)) return { kind: 'confirm', understood, intent, question: confirmationQuestion(intent as Intent, count) };
    return done(withUndo(await list.run({ type: 'act', action }), () => void list.run({ type: 'undo' })));
  }
  if (action) return done({ message: NO_LIST, tone: 'warn' });
  if (intent === 'undo') {
    if (!list) return done({ message: 'There is nothing to undo on this page. Past actions can be undone in Recovery.', tone: 'warn' });
    const outcome = await list.run({ type: 'undo' });
    return done({ message: outcome.message, tone: outcome.done ? 'ok' : 'warn' });
  }
  if (intent === 'reply' || intent === 'reply_all' || intent === 'forward' || intent === 'suggest_replies') {
    if (!currentMessageId || !list) return done({ message: 'Open a message first, then say “reply”. Or say “go to voice reply”.', tone: 'warn' });
    requestComposer(currentMessageId, intent === 'reply_all' ? 'reply-all' : intent === 'forward' ? 'forward' : 'reply');
    if (list.snapshot().openId !== currentMessageId) await list.run({ type: 'open' });
    if (intent === 'forward') return done({ message: 'The forward is open below the message: type the address to send it to.' });
    if (intent === 'suggest_replies') return done({ message: 'The reply is open below the message, with the suggested replies.' });
    return done({ message: 'The reply is open below the message. To dictate it, say “go to voice reply”.' });
  }
  if (intent === 'send' || intent === 'choose_suggestion') return done({ message: 'Say that in Voice reply, where a reply is being written (say “go to voice reply”).', tone: 'warn' });
  if (intent === 'cancel') return done({ message: 'Nothing to cancel.' });
  if (intent === 'confirm' || intent === 'deny') return done({ message: 'There is no question to answer.', tone: 'warn' });
  if (intent === 'help') return done({ message: 'Here is what you can say. Everything can be typed too (Ctrl+K).' }, true);
  return done({ message: 'I didn’t catch that.', tone: 'warn' });
}

/** The action a confirmed question asked about, on what the list targets now. */
export async function carryOutConfirmed(intent: string): Promise<VoiceOutcome> {
  const list = activeMailList();
  const action = MAIL_ACTIONS[intent];
  if (!list || !action) return { message: 'The list is gone; nothing was changed.', tone: 'error' };
  return withUndo(await list.run({ type: 'act', action }), () => void list.run({ type: 'undo' }));
}

export { describeCommand };

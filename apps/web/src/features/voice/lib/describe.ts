import type { Intent, Page } from '@mailroom/intelligence/voice';
import { PAGE_TITLES } from './pages';

/** What a command is called in the panel: "Understood: Archive", "Go to Settings". */
const NAMES: Record<Exclude<Intent, 'navigate' | 'open_category' | 'search' | 'choose_suggestion'>, string> = {
  next: 'Next message',
  previous: 'Previous message',
  open: 'Open the message',
  close: 'Close the message',
  read_aloud: 'Read it aloud',
  stop_reading: 'Stop reading',
  select: 'Select the message',
  select_all: 'Select all',
  clear_selection: 'Clear the selection',
  archive: 'Archive',
  trash: 'Move to trash',
  quarantine: 'Quarantine',
  star: 'Star',
  unstar: 'Remove the star',
  mark_read: 'Mark as read',
  mark_unread: 'Mark as unread',
  important: 'Mark important',
  not_important: 'Mark not important',
  undo: 'Undo',
  reply: 'Reply',
  reply_all: 'Reply all',
  forward: 'Forward',
  suggest_replies: 'Suggest replies',
  send: 'Send',
  cancel: 'Cancel',
  confirm: 'Yes',
  deny: 'No',
  help: 'Help',
  unknown: 'Nothing understood',
};

export function describeCommand(intent: string, slots: Record<string, unknown>): string {
  if (intent === 'navigate') return `Go to ${PAGE_TITLES[slots.page as Page] ?? String(slots.page)}`;
  if (intent === 'open_category') return `Open the category ${String(slots.name)}`;
  if (intent === 'search') return `Search for “${String(slots.request)}”`;
  if (intent === 'choose_suggestion') return `Use suggestion ${String(slots.index)}`;
  return NAMES[intent as keyof typeof NAMES] ?? intent;
}

/** A few things to say, for "what can I say" and the palette's empty state. */
export const EXAMPLE_COMMANDS: ReadonlyArray<{ say: string; does: string }> = [
  { say: 'go to settings', does: 'open a page (inbox, dashboard, categories, digest, recovery, insights …)' },
  { say: 'open receipts', does: 'open one of your categories by its name' },
  { say: 'search for invoices from last month', does: 'search your mail' },
  { say: 'next / previous', does: 'move through the list' },
  { say: 'open it / close it', does: 'open or close the message' },
  { say: 'read it aloud / stop reading', does: 'hear the message' },
  { say: 'select all / clear selection', does: 'choose messages' },
  { say: 'archive / delete / quarantine', does: 'act on the selection or the open message (more than one asks first)' },
  { say: 'star it / mark as read / mark as important', does: 'mark messages' },
  { say: 'undo', does: 'take the last action back' },
  { say: 'reply / reply all / forward', does: 'answer the open message' },
  { say: 'use suggestion two / send / cancel', does: 'in Voice reply' },
];

/**
 * Said under what was recognised when the recording had only a telephone's band (the server's
 * `narrowband`): the recogniser hears such audio far less well, and the fix is in the user's hands.
 */
export const NARROWBAND_NOTE =
  'Your microphone sends telephone-quality sound (nothing above 4 kHz, as a Bluetooth headset does in call mode), so speech is recognised far less often. A built-in or wired microphone works better.';

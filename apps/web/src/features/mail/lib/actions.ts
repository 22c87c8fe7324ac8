import type { EmailSummary, MailAction } from '@mailroom/contract';
import type { IconName } from '../../../shared/ui';
import type { MailListHandle } from './extensions';

/** What an action is given to act on: the selection or the open message, or (`all`) the whole source. */
export interface ActionTargets {
  /** The messages' rows as listed; empty when `all` (the server resolves the source). */
  emails: readonly EmailSummary[];
  all: boolean;
}

/**
 * One thing a user can do to messages in a list: a button (the selection's toolbar, the reading
 * pane) and/or a key. Standard actions are server message actions (modifyEmails, recorded as an
 * action batch with Undo); a view may add its own (`run`: reply, forward, ...), with its own key.
 */
export interface MailListAction {
  id: string;
  /** The button's words for these targets (a toggle says what it will do: "Star" or "Unstar"). */
  label: (targets: ActionTargets) => string;
  icon: IconName;
  /** The key that runs it (KeyboardEvent.key, so '#', '!', or 'I' for Shift+I), and how the "?" list writes it. */
  key?: { key: string; label?: string; description: string };
  /** Offered as a button for the selection (toolbar) and for the open message (reading pane). */
  toolbar?: boolean;
  pane?: boolean;
  /** The toolbar shows its words beside the icon (from `sm` up); the others are icon buttons with a tooltip. */
  prominent?: boolean;
  /** A server message action, chosen for the targets (toggles pick the opposite of their state). */
  mail?: (targets: ActionTargets) => MailAction;
  /** Or something the view (or an extension: reply, forward) does itself, given the list to open a message in. */
  run?: (targets: ActionTargets, list: MailListHandle) => void;
  /** The message usually leaves the view afterwards: an open message closes. */
  closesMessage?: boolean;
}

const allHave = (targets: ActionTargets, has: (email: EmailSummary) => boolean) => !targets.all && targets.emails.length > 0 && targets.emails.every(has);
const anyHas = (targets: ActionTargets, has: (email: EmailSummary) => boolean) => targets.all || targets.emails.some(has);

const fixed = (action: MailAction) => () => action;

/**
 * The actions every list offers, with Gmail's keys where Gmail has one (e archive, # delete,
 * s star, Shift+I / Shift+U read and unread) and Mailroom's for the rest (q quarantine, !
 * important, - not important). r, a and f are left for reply, reply all and forward.
 */
export const STANDARD_ACTIONS: readonly MailListAction[] = [
  {
    id: 'archive',
    label: () => 'Archive',
    icon: 'archive',
    key: { key: 'e', description: 'Archive the selected messages (or the current one)' },
    toolbar: true,
    pane: true,
    prominent: true,
    mail: fixed('archive'),
    closesMessage: true,
  },
  {
    id: 'quarantine',
    label: () => 'Quarantine',
    icon: 'shield',
    key: { key: 'q', description: 'Quarantine: out of the inbox into Mailroom/Quarantine' },
    toolbar: true,
    pane: true,
    prominent: true,
    mail: fixed('quarantine'),
    closesMessage: true,
  },
  {
    id: 'delete',
    label: () => 'Delete',
    icon: 'trash',
    key: { key: '#', description: 'Move the selected messages (or the current one) to trash' },
    toolbar: true,
    pane: true,
    prominent: true,
    mail: fixed('delete'),
    closesMessage: true,
  },
  {
    id: 'toggle-read',
    label: (targets) => (anyHas(targets, (e) => e.unread) ? 'Mark as read' : 'Mark as unread'),
    icon: 'mailOpen',
    toolbar: true,
    pane: true,
    mail: (targets) => (anyHas(targets, (e) => e.unread) ? 'mark_read' : 'mark_unread'),
  },
  {
    id: 'toggle-star',
    label: (targets) => (allHave(targets, (e) => e.starred) ? 'Unstar' : 'Star'),
    icon: 'star',
    key: { key: 's', description: 'Star or unstar' },
    toolbar: true,
    pane: true,
    mail: (targets) => (allHave(targets, (e) => e.starred) ? 'unstar' : 'star'),
  },
  {
    id: 'toggle-important',
    label: (targets) => (allHave(targets, (e) => e.important) ? 'Mark not important' : 'Mark important'),
    icon: 'important',
    toolbar: true,
    mail: (targets) => (allHave(targets, (e) => e.important) ? 'not_important' : 'important'),
  },
  { id: 'mark-read', label: () => 'Mark as read', icon: 'mailOpen', key: { key: 'I', label: 'Shift + i', description: 'Mark as read' }, mail: fixed('mark_read') },
  { id: 'mark-unread', label: () => 'Mark as unread', icon: 'mail', key: { key: 'U', label: 'Shift + u', description: 'Mark as unread' }, mail: fixed('mark_unread') },
  { id: 'important', label: () => 'Mark important', icon: 'important', key: { key: '!', description: 'Mark important' }, mail: fixed('important') },
  { id: 'not-important', label: () => 'Mark not important', icon: 'important', key: { key: '-', description: 'Mark not important' }, mail: fixed('not_important') },
];

/** Actions that take messages out of most views (the open one closes; "all" starts again from page 1). */
export const REMOVING_ACTIONS: ReadonlySet<MailAction> = new Set(['archive', 'delete', 'quarantine']);

/** The Gmail system label each action adds or removes (quarantine's own label id is Gmail's, not known here). */
const LABEL_EFFECT: Record<MailAction, { add?: string; remove?: string }> = {
  archive: { remove: 'INBOX' },
  quarantine: { remove: 'INBOX' },
  delete: { add: 'TRASH' },
  star: { add: 'STARRED' },
  unstar: { remove: 'STARRED' },
  important: { add: 'IMPORTANT' },
  not_important: { remove: 'IMPORTANT' },
  mark_read: { remove: 'UNREAD' },
  mark_unread: { add: 'UNREAD' },
};

/** A message's labels after `action`. */
export function labelsAfter(labels: readonly string[], action: MailAction): string[] {
  const { add, remove } = LABEL_EFFECT[action];
  const kept = labels.filter((label) => label !== remove && label !== add);
  return add ? [...kept, add] : kept;
}

/** The row as it is after `action`, for an immediate answer before the list is read again. */
export function afterAction(email: EmailSummary, action: MailAction): EmailSummary {
  const labels = labelsAfter(email.labels, action);
  return { ...email, labels, unread: labels.includes('UNREAD'), starred: labels.includes('STARRED'), important: labels.includes('IMPORTANT') };
}

import type { EmailSummary } from '@mailroom/contract';
import { createContext, useContext, type ComponentType } from 'react';
import type { EmailContent } from '../api/queries';
import type { MailListAction } from './actions';

/**
 * How other features add to every mail list (categories, inbox, search, bundles, digest) without
 * the list knowing them (DESIGN §7: features do not import each other's insides; the app
 * composes them). Replies adds Reply / Reply all / Forward this way: keys and a section of the
 * reading pane. The app provides the extensions once (MailExtensionsProvider) around its pages.
 */

/** What a list gives an action's `run` to work with. */
export interface MailListHandle {
  /** Opens a message in the reading pane (as clicking its row does). */
  open(messageId: string): void;
  /** The message open in the reading pane, if any. */
  openId(): string | null;
}

/** What a reading-pane section is shown with. */
export interface ReadingPaneSectionProps {
  messageId: string;
  /** The message's row, when it is listed. */
  email: EmailSummary | undefined;
  /** The message as the pane shows it (headers, text), fetched already. */
  content: EmailContent;
}

export interface MailExtension {
  /** Lower-case, unique: keys React elements. */
  id: string;
  /**
   * Actions added to every list's standard ones (a view's own `actions` sees them among the
   * standard actions and may leave them out). Their `run` gets the list to open a message in.
   */
  actions?: readonly MailListAction[];
  /** A section of the reading pane, between the message's headers and its body (or after the body, see `placement`). */
  PaneSection?: ComponentType<ReadingPaneSectionProps>;
  /**
   * Where the section goes: before the body (the default: what the user acts on, such as a reply)
   * or after it (background the user may want, so the message itself stays at the top of a phone's screen).
   */
  placement?: 'before-body' | 'after-body';
  /** Called once a list shows: load the section's code while the user looks at the list, not when a message opens. */
  preload?: () => void;
  /**
   * Called as a message opens: at the click or key (before the pane renders, while its content
   * is fetched) and again when the pane shows it (a link). Start fetching what the section needs;
   * calls repeat, so deduplicate (a query cache does).
   */
  onMessageOpen?: (messageId: string) => void;
}

export const MailExtensionsContext = createContext<readonly MailExtension[]>([]);

/** The extensions the app provided (none outside a provider, e.g. in tests of the list alone). */
export function useMailExtensions(): readonly MailExtension[] {
  return useContext(MailExtensionsContext);
}

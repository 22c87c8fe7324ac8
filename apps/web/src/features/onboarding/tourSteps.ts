import type { Placement } from '@floating-ui/react-dom';
import { PURGE_HOURS, UNDO_DAYS } from '../../shared/promises';

export interface TourStep {
  /** The `data-tour` value of the element the step explains. */
  anchor: string;
  title: string;
  body: string;
  /** A short line that says what Mailroom will not do. */
  microtrust: string;
  hint: string;
  primary: string;
  secondary: string;
  placement: Placement;
}

/** The 5-step tour of /connect/success. Forward only; "Skip tour" closes it; the last step goes to /dashboard. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    anchor: 'sync',
    title: 'Your mail, read safely',
    body: 'Mailroom is reading your mailbox’s metadata to build its index. A message’s body is fetched only when you open it, and is never stored.',
    microtrust: 'Read-only: nothing in Gmail changes until you ask.',
    hint: 'The first sync runs in the background; you can carry on meanwhile.',
    primary: 'Next',
    secondary: 'Skip tour',
    placement: 'bottom',
  },
  {
    anchor: 'categories',
    title: 'Categories you define',
    body: 'Write a Gmail search such as from:github.com is:unread, and Mailroom keeps a category of exactly the mail it matches.',
    microtrust: 'Your Gmail labels stay as they are.',
    hint: 'Start from a suggested category and adjust its search.',
    primary: 'Next',
    secondary: 'Skip tour',
    placement: 'top',
  },
  {
    anchor: 'recovery',
    title: `Undo for ${UNDO_DAYS} days`,
    body: 'Quarantine or delete a whole category at once. Every bulk action is recorded in Recovery with its own Undo.',
    microtrust: 'Delete moves mail to Gmail’s trash; nothing is deleted permanently.',
    hint: 'Recovery is in the menu under Tools.',
    primary: 'Next',
    secondary: 'Skip tour',
    placement: 'top',
  },
  {
    anchor: 'notifications',
    title: 'Notifications, if you want them',
    body: 'The bell collects Mailroom’s notifications. Allow browser notifications to get them when the tab is closed.',
    microtrust: 'A notification never contains an email’s content.',
    hint: 'You can change this any time in your browser’s site settings.',
    primary: 'Next',
    secondary: 'Skip tour',
    placement: 'bottom-end',
  },
  {
    anchor: 'settings',
    title: 'Your data, your call',
    body: 'Export everything as JSON, create API tokens, disconnect Gmail or delete your account, all from Settings.',
    microtrust: `Disconnecting purges your mail data within ${PURGE_HOURS} hours.`,
    hint: 'Settings is also in the account menu at the top right.',
    primary: 'Go to dashboard',
    secondary: 'Stay here',
    placement: 'top',
  },
];

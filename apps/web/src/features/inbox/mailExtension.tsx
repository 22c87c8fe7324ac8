import { useMemo } from 'react';
import type { MailExtension } from '../mail';
import { WhyThisScore } from './components/WhyThisScore';

/**
 * Priority in every mail list's reading pane: "Why is this here?" with feedback that teaches the
 * model, after the message's body so the message itself starts at the top of a phone's screen.
 */
export function usePriorityMailExtension(): MailExtension {
  return useMemo<MailExtension>(() => ({ id: 'priority', PaneSection: WhyThisScore, placement: 'after-body' }), []);
}

/** The learning step as a job, keyed by account: one writer per account, bursts coalesce (plugin.ts defines it). */
export const LEARN_JOB = 'priority.learn';

/**
 * After an action the job re-scores the whole mailbox this much later, so a burst of actions
 * (e, e, e ...) is one re-score and the steps the user waits for do not queue behind it.
 */
export const RESCORE_DELAY_MS = 2000;

/** The learning step as a job, keyed by account: one writer per account, bursts coalesce (plugin.ts defines it). */
export const LEARN_JOB = 'priority.learn';

import { failedPrecondition, notFound } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { isOperator } from './getOpsStatus.ts';
import { accountIdsOf, toOpsJob } from './service.ts';

/**
 * Runs a failed job again, or a retrying one now. A user may retry only jobs of their own
 * mailbox (the job's data names one of their accounts); an operator any job. Someone else's job
 * answers NOT_FOUND, as for any other id that is not the caller's (DESIGN §6).
 */
export const retryJob: FnImpl<'retryJob'> = async (ctx, { jobId }) => {
  const job = await ctx.jobs.getJob(jobId);
  const accountId = (job?.data as { accountId?: unknown } | undefined)?.accountId;
  const own = typeof accountId === 'string' && (await accountIdsOf(ctx.db, ctx.principal.userId)).includes(accountId);
  if (!job || !(own || isOperator(ctx.config.opsAdmins, ctx.principal.email))) throw notFound('No such job.');
  if (!(await ctx.jobs.retry(jobId))) {
    throw failedPrecondition('NOT_RETRYABLE', job.state === 'active' ? 'The job is running now.' : 'The job has nothing left to retry: it is not failed or waiting to retry.');
  }
  ctx.log.info({ jobId, job: { name: job.name } }, 'job retried from /ops');
  return { job: toOpsJob((await ctx.jobs.getJob(jobId)) ?? job) };
};

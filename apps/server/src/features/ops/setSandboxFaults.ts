import { FnError, failedPrecondition } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { isOperator } from './getOpsStatus.ts';

/**
 * A fault drill on the embedded default: the sandbox fails a share of Gmail requests, so an
 * operator can watch retries and failed jobs on /ops and retry them. Operators only, and only
 * ever the in-process sandbox (real Gmail has no such switch).
 */
export const setSandboxFaults: FnImpl<'setSandboxFaults'> = async (ctx, { errorRate, kind }) => {
  if (!isOperator(ctx.config.opsAdmins, ctx.principal.email)) throw new FnError('PERMISSION_DENIED', 'Only the operators listed in OPS_ADMINS run fault drills.');
  const inject = ctx.observability.sandboxFaults;
  if (!inject) throw failedPrecondition('NO_SANDBOX', 'Fault drills run against the embedded Gmail sandbox only; this server talks to Gmail.');
  inject({ errorRate, ...(kind ? { kind } : {}) });
  ctx.log.warn({ errorRate, kind: kind ?? 'backendError' }, 'fault drill: the embedded Gmail sandbox fails this share of requests');
  return { errorRate };
};

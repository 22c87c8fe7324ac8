import { z } from 'zod';
import { FAILURE_REASONS } from './reason-list.ts';

export { FAILURE_REASONS, REASONS, failureReasonOf, type FailureReason } from './reason-list.ts';

/** The failure reasons (reason-list.ts) as a zod enum, for schemas that carry one. */
export const failureReasonSchema = z.enum(FAILURE_REASONS);

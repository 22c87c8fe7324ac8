import type { FnImpl } from '../registry.ts';
import { explainPriority as explain } from './service.ts';

/** Why a message has its score: the threshold and the contributions that moved it most. */
export const explainPriority: FnImpl<'explainPriority'> = (ctx, data) => explain(ctx, data.messageId);

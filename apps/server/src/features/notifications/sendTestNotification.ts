import type { FnImpl } from '../registry.ts';
import { notFound } from '../../errors.ts';
import { registrationOf } from './repository.ts';
import { sendTest } from './service.ts';

/** "Send test notification" in Settings: one push to this browser's registration, now. */
export const sendTestNotification: FnImpl<'sendTestNotification'> = async (ctx, { token }) => {
  const registration = await registrationOf(ctx.db, ctx.principal.userId, token);
  if (!registration) throw notFound('This browser is not registered for notifications; turn them on first.');
  return sendTest(ctx, ctx.principal.userId, registration);
};

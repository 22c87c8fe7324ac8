import type { FnImpl } from '../registry.ts';
import { FnError } from '../../errors.ts';

/** The seed's client configuration and the VAPID public key browsers subscribe with. */
export const getPushConfig: FnImpl<'getPushConfig'> = async (ctx) => {
  if (!ctx.push) throw new FnError('UNAVAILABLE', 'Web Push is not set up on this server.');
  const { projectId, apiKey, appId, messagingSenderId } = ctx.config.push;
  return { projectId, apiKey, appId, messagingSenderId, vapidKey: ctx.push.publicKey };
};

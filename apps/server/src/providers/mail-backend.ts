import crypto from 'node:crypto';
import path from 'node:path';
import { createSandbox, DEFAULT_HOLD_BACK_MS, type Sandbox } from '@mailroom/gmail-sandbox';
import type { FastifyInstance } from 'fastify';
import type { AuthServices } from '../auth/services.ts';
import type { Config } from '../config.ts';
import { GMAIL_PUSH_PATH } from './gmail/push.ts';
import { GOOGLE_ROOT_URL } from './gmail/gmail-provider.ts';

/** Where the embedded Gmail sandbox is served, on Mailroom's own port. */
export const SANDBOX_PREFIX = '/sandbox/gmail';

export interface MailBackend {
  /**
   * The Gmail API root every provider talks to: Google's, or the embedded sandbox's on this
   * server's own loopback address — null until the server listens, since before that there is
   * no mailbox to reach.
   */
  rootUrl(): string | null;
  /** The shared token Pub/Sub (or the sandbox) puts in the push URL. */
  pushToken: string;
  /** The in-process sandbox in the embedded default; null with Google. */
  sandbox: Sandbox | null;
  /** Tells the embedded sandbox where this server listens, e.g. `http://127.0.0.1:3000`. */
  listening(origin: string): void;
}

/** An origin this process can call itself on, from the address the server listens on. */
export function loopbackOrigin(address: string | { address: string; family: string; port: number } | null): string | null {
  if (!address || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  if (wildcard || address.family === 'IPv4') return `http://${wildcard ? '127.0.0.1' : address.address}:${address.port}`;
  return `http://[${address.address}]:${address.port}`;
}

/**
 * Gmail for this deployment. With Google configured: Google's API. Otherwise the embedded
 * default (DESIGN §4): a Gmail-compatible sandbox in this process, served under
 * /sandbox/gmail, accepting only access tokens the embedded OpenID provider issued (revoked
 * with them), with Gmail's classic quota on, pushing notifications to Mailroom's own push hook,
 * and seeded once from the SpamAssassin public corpus.
 */
export async function setupMailBackend(app: FastifyInstance, config: Config, auth: AuthServices): Promise<MailBackend> {
  const pushToken =
    config.gmailPushToken ?? crypto.createHmac('sha256', auth.secrets.tokenKey).update('gmail-push-token').digest('base64url');
  // Google, or an explicitly configured Gmail API (a standalone `mailroom sandbox serve`, or the
  // sandbox inside a running Mailroom when a CLI command needs it): no in-process sandbox.
  if (!auth.idp || config.gmailApiRootUrl) {
    const rootUrl = config.gmailApiRootUrl ?? GOOGLE_ROOT_URL;
    return { rootUrl: () => rootUrl, pushToken, sandbox: null, listening: () => {} };
  }

  const idp = auth.idp;
  const sandbox = createSandbox({
    verifyToken: idp.verifyAccessToken,
    dataFile: path.join(config.dataDir, 'gmail-sandbox.sqlite'),
    quotaUnitsPerMinute: config.sandboxQuotaPerMinute > 0 ? config.sandboxQuotaPerMinute : null,
    // A revoke at the sandbox (Google's /revoke) ends the whole grant at the provider too.
    onRevoke: async (token) => {
      await idp.revoke(token);
    },
  });
  idp.onRevoked((revocation) => void sandbox.revokeToken(revocation.token));
  await app.register(sandbox.plugin, { prefix: SANDBOX_PREFIX });
  const liveDeliveryMs = config.sandboxLiveDeliverySeconds * 1000;
  app.addHook('onClose', async () => {
    sandbox.stopLiveDelivery();
    sandbox.store.close();
  });
  if (config.sandboxSeedCorpus) {
    // With live delivery on, the corpus's last days are held back and arrive while the server runs.
    const report = await sandbox.seedFromCorpus({ holdBackMs: liveDeliveryMs > 0 ? DEFAULT_HOLD_BACK_MS : 0 });
    app.log.info({ seeded: report }, 'embedded Gmail sandbox ready');
  }
  let origin: string | null = null;
  return {
    rootUrl: () => (origin ? `${origin}${SANDBOX_PREFIX}/` : null),
    pushToken,
    sandbox,
    listening(listenOrigin) {
      origin = listenOrigin;
      sandbox.setPush({ endpoint: `${listenOrigin}${GMAIL_PUSH_PATH}`, token: pushToken, tokenLocation: 'query', tokenName: 'token' });
      // New demo mail arrives once there is somewhere to push it to.
      if (liveDeliveryMs > 0) {
        sandbox.startLiveDelivery({
          intervalMs: liveDeliveryMs,
          onDelivered: (email, message) => app.log.debug({ email, messageId: message.id }, 'demo mail delivered'),
        });
      }
    },
  };
}

import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import webpush, { WebPushError } from 'web-push';

/**
 * Web Push (DESIGN §4 "push"): standard VAPID (RFC 8292) and message encryption (RFC 8291,
 * aes128gcm) with the `web-push` library, straight to the browser's push service; no vendor.
 *
 * The VAPID key pair comes from the environment (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), or is
 * generated into DATA_DIR/vapid-keys.json on first start (mode 0600) and read from there after,
 * so browsers' subscriptions (made with the public key) stay valid across restarts.
 */

/** What features get as `services.push` (platform/services.ts). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
  /**
   * Delivers one payload to one subscription. `gone` is true when the push service answered
   * 404/410: the subscription no longer exists and its registration should be removed.
   */
  send(subscription: PushSubscriptionTarget, payload: string, options?: PushSendOptions): Promise<PushSendResult>;
}

export interface PushSendOptions {
  /** RFC 8030 Topic: a newer message with the same topic replaces an undelivered one (base64url, at most 32). */
  topic?: string;
  urgency?: 'normal' | 'high';
}

export interface PushSendResult {
  delivered: boolean;
  gone: boolean;
  /** The push service's HTTP status when it answered with an error; null when it did not answer. */
  status?: number | null;
  error?: string;
}

export interface PushSubscriptionTarget {
  endpoint: string;
  keys: { auth: string; p256dh: string };
}


export const VAPID_KEYS_FILE = 'vapid-keys.json';
/** How long a push service keeps an undelivered message for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then has failed this attempt. */
const PUSH_TIMEOUT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured VAPID keys, or the ones stored in dataDir, or new ones written there. */
export function loadOrCreateVapidKeys(dataDir: string, configured: VapidKeys | null): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one (browsers then subscribe again)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  // `wx`: two processes starting at once must not each write a different pair.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateVapidKeys(dataDir, null);
    throw error;
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export interface PushSenderOptions {
  keys: VapidKeys;
  /** The VAPID subject: a mailto: or https: URL the push service can contact the sender at. */
  subject: string;
  /** An HTTPS agent for the push service connections (tests trust their own local service's CA). */
  agent?: https.Agent;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    publicKey: options.keys.publicKey,
    async send(subscription: PushSubscriptionTarget, payload: string, extra?: { topic?: string; urgency?: 'normal' | 'high' }) {
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
          ...(extra?.topic ? { topic: extra.topic } : {}),
          ...(extra?.urgency ? { urgency: extra.urgency } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { delivered: true, gone: false };
      } catch (error) {
        if (error instanceof WebPushError) {
          // 404 Not Found / 410 Gone: the subscription expired or was unsubscribed (RFC 8030 §7.3).
          return { delivered: false, gone: error.statusCode === 404 || error.statusCode === 410, status: error.statusCode };
        }
        return { delivered: false, gone: false, status: null, error: (error as Error).message };
      }
    },
  };
}

import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM (node:crypto) for secrets at rest: OAuth tokens (DESIGN §6) and the embedded
 * provider's private keys. A random 96-bit IV per message (NIST SP 800-38D); the `context`
 * (e.g. the mail account id) is bound as additional authenticated data, so a ciphertext copied
 * into another row does not decrypt there.
 *
 * Format: `v1.<base64url(iv || tag || ciphertext)>`.
 */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export class SecretDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

/** Throws SecretDecryptionError with the wrong key, the wrong context or a tampered value. */
export function decryptSecret(key: Buffer, sealed: string, context: string): string {
  const [version, encoded] = sealed.split('.', 2);
  if (version !== VERSION || !encoded) throw new SecretDecryptionError('Unknown secret format');
  const raw = Buffer.from(encoded, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError('Secret is truncated');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError('Secret cannot be decrypted with this key');
  }
}

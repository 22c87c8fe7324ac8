import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** The file in DATA_DIR that holds the generated root secret when MAILROOM_SECRET is not set. */
export const SECRET_FILE_NAME = 'mailroom-secret.key';

/**
 * Keys derived from the one root secret, each for one purpose (HKDF, RFC 5869), so a key used
 * for cookies can never decrypt OAuth tokens and vice versa.
 */
export interface ServerSecrets {
  /** AES-256-GCM key for OAuth tokens and the embedded provider's private keys. */
  tokenKey: Buffer;
  /** Keys that sign the embedded provider's cookies (Keygrip). */
  idpCookieKeys: string[];
  /** The embedded provider's client secret for Mailroom itself. */
  idpClientSecret: string;
}

function derive(root: Buffer, purpose: string, length = 32): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', root, 'mailroom', purpose, length));
}

export function deriveSecrets(root: Buffer): ServerSecrets {
  return {
    tokenKey: derive(root, 'oauth-token-encryption'),
    idpCookieKeys: [derive(root, 'idp-cookie-signing').toString('base64url')],
    idpClientSecret: derive(root, 'idp-client-secret').toString('base64url'),
  };
}

/**
 * The root secret: MAILROOM_SECRET, or 32 random bytes generated once into DATA_DIR with mode
 * 0600 (readable by the server's user only). Several servers sharing one PostgreSQL database
 * must share MAILROOM_SECRET, since each would otherwise generate its own.
 */
export function loadRootSecret(config: Pick<Config, 'mailroomSecret' | 'dataDir'>): Buffer {
  if (config.mailroomSecret) return Buffer.from(config.mailroomSecret, 'utf8');
  const file = path.join(config.dataDir, SECRET_FILE_NAME);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting at once keep the first secret.
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(`${file} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${file}`);
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} does not hold a usable secret; delete it to generate a new one`);
  return Buffer.from(text, 'utf8');
}

export function loadServerSecrets(config: Pick<Config, 'mailroomSecret' | 'dataDir'>): ServerSecrets {
  return deriveSecrets(loadRootSecret(config));
}

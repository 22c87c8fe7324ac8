import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { decryptSecret, encryptSecret, SecretDecryptionError } from './token-cipher.ts';

describe('AES-256-GCM for secrets at rest', () => {
  const key = crypto.randomBytes(32);
  const secret = 'ya29.a0AfH6SMBx-example-access-token-value';

  test('round-trips, with a fresh IV each time', () => {
    const a = encryptSecret(key, secret, 'mail_accounts:1');
    const b = encryptSecret(key, secret, 'mail_accounts:1');
    expect(a).not.toBe(b);
    expect(decryptSecret(key, a, 'mail_accounts:1')).toBe(secret);
    expect(a).not.toContain(secret);
    expect(Buffer.from(a.slice(3), 'base64url').toString('latin1')).not.toContain(secret);
  });

  test('cannot be read without the key', () => {
    const sealed = encryptSecret(key, secret, 'mail_accounts:1');
    expect(() => decryptSecret(crypto.randomBytes(32), sealed, 'mail_accounts:1')).toThrow(SecretDecryptionError);
  });

  test('a ciphertext moved to another row does not decrypt there', () => {
    const sealed = encryptSecret(key, secret, 'mail_accounts:1');
    expect(() => decryptSecret(key, sealed, 'mail_accounts:2')).toThrow(SecretDecryptionError);
  });

  test('a tampered ciphertext is refused', () => {
    const sealed = encryptSecret(key, secret, 'ctx');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(key, `v1.${raw.toString('base64url')}`, 'ctx')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(key, 'v2.abc', 'ctx')).toThrow(SecretDecryptionError);
  });
});

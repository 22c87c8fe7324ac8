import crypto from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { decryptSecret, encryptSecret } from '../token-cipher.ts';

/**
 * The embedded provider's ID token signing keys (RS256, the algorithm OIDC Core §15.1 requires
 * providers to support). Generated once and kept encrypted in the database, so ID tokens stay
 * verifiable across restarts and every server process signs with the same key.
 */
export async function loadSigningKeys(db: Db, key: Buffer): Promise<JWK[]> {
  const read = async () => {
    const rows = await db.selectFrom('idp_signing_keys').select(['id', 'jwk_ciphertext']).orderBy('created_at', 'desc').execute();
    return rows.map((row) => JSON.parse(decryptSecret(key, row.jwk_ciphertext, `idp-signing-key:${row.id}`)) as JWK);
  };
  const existing = await read();
  if (existing.length > 0) return existing;

  const id = crypto.randomUUID();
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: id, use: 'sig', alg: 'RS256' };
  await db
    .insertInto('idp_signing_keys')
    .values({ id, jwk_ciphertext: encryptSecret(key, JSON.stringify(jwk), `idp-signing-key:${id}`), created_at: Date.now() })
    .execute();
  return read();
}

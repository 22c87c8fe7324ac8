import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { sha256Hex } from '../principal.ts';
import { decryptSecret, encryptSecret } from '../token-cipher.ts';

/**
 * oidc-provider's storage (its `Adapter` interface) on Mailroom's database, so sessions,
 * grants and issued tokens survive restarts and are shared by every server process.
 *
 * Many of these ids are bearer secrets (access and refresh tokens, authorization codes, the
 * session cookie value), so the table holds only their SHA-256, and each payload (which repeats
 * the id as `jti`) is AES-256-GCM encrypted: a copy of the database yields no usable token.
 */
function rowIdOf(model: string, id: string): string {
  return sha256Hex(`${model}:${id}`);
}

export function databaseAdapter(db: Db, key: Buffer, now: () => number = Date.now): (model: string) => Adapter {
  return (model: string): Adapter => {
    const keyOf = (id: string) => rowIdOf(model, id);
    const seal = (rowId: string, payload: AdapterPayload) => encryptSecret(key, JSON.stringify(payload), `idp:${model}:${rowId}`);

    const load = async (where: { column: 'id' | 'uid' | 'user_code'; value: string }): Promise<AdapterPayload | undefined> => {
      const row = await db
        .selectFrom('idp_payloads')
        .select(['id', 'payload', 'expires_at', 'consumed_at'])
        .where('model', '=', model)
        .where(where.column, '=', where.value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= now()) return undefined;
      const payload = JSON.parse(decryptSecret(key, row.payload, `idp:${model}:${row.id}`)) as AdapterPayload;
      // oidc-provider expects `consumed` in epoch seconds once an artifact (a code) was used.
      return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
    };

    return {
      async upsert(id, payload, expiresIn) {
        const rowId = keyOf(id);
        const values = {
          payload: seal(rowId, payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ? keyOf(payload.userCode) : null,
          uid: payload.uid ?? null,
          expires_at: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null,
        };
        await db
          .insertInto('idp_payloads')
          .values({ model, id: rowId, consumed_at: null, ...values })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
          .execute();
      },
      find(id) {
        return load({ column: 'id', value: keyOf(id) });
      },
      findByUid(uid) {
        return load({ column: 'uid', value: uid });
      },
      findByUserCode(userCode) {
        return load({ column: 'user_code', value: keyOf(userCode) });
      },
      async consume(id) {
        await db
          .updateTable('idp_payloads')
          .set({ consumed_at: now() })
          .where('model', '=', model)
          .where('id', '=', keyOf(id))
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom('idp_payloads').where('model', '=', model).where('id', '=', keyOf(id)).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('idp_payloads').where('model', '=', model).where('grant_id', '=', grantId).execute();
      },
    };
  };
}

/**
 * Revokes a whole grant at once: the grant and every code, access token and refresh token
 * issued under it. Google revokes this way: revoking either token of a grant revokes both.
 */
export async function revokeGrantRows(db: Db, grantId: string): Promise<void> {
  await db
    .deleteFrom('idp_payloads')
    .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', rowIdOf('Grant', grantId))])]))
    .execute();
}

/** Deletes expired rows; oidc-provider already ignores them, this only reclaims space. */
export async function deleteExpiredIdpPayloads(db: Db, now: number = Date.now()): Promise<number> {
  const result = await db.deleteFrom('idp_payloads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

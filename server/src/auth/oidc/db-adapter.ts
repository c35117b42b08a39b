import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/types';

/**
 * oidc-provider's storage on the app's database (table oidc_store, migration 0083), so a
 * sign-in started on one node finishes on another. Expiry uses the real clock, as the provider
 * itself does; expired rows are never returned and each write sweeps a few.
 */
export function dbAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DbAdapter(db, model);
}

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.query(
      `INSERT INTO oidc_store (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE SET payload = $3, grant_id = $4, user_code = $5,
         uid = $6, expires_at = $7`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
    // Each new interaction (one per sign-in) sweeps a handful of long-expired rows of every
    // model: the table stays small without a timer.
    if (this.model !== 'Interaction') return;
    await this.db.query(
      `DELETE FROM oidc_store WHERE ctid IN (SELECT ctid FROM oidc_store
         WHERE expires_at < now() - interval '1 hour' LIMIT 10)`,
    );
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
    const res = await this.db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_store WHERE model = $1 AND ${column} = $2
         AND (expires_at IS NULL OR expires_at > $3)`,
      [this.model, value, new Date()],
    );
    const row = res.rows[0];
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    return row.consumed_at
      ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
      : (payload as AdapterPayload);
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('UPDATE oidc_store SET consumed_at = now() WHERE model = $1 AND id = $2', [
      this.model,
      id,
    ]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_store WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oidc_store WHERE grant_id = $1', [grantId]);
  }
}

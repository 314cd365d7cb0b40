import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { currentSecretPrefix, decryptSecret, encryptSecret, keyedHash, SecretUnreadable } from './secrets';

/**
 * Every column that holds a secret encrypted with `encryptSecret`, with the table and row it is
 * bound to. A new one must be added here, or rotation would leave it under the old secret (the
 * test in lib/crypto/rotate.test.ts compares this list with the schema's `*_ciphertext` columns).
 */
export const STORED_SECRETS = [
  // a PIN's keyed hash comes from the same secret: it is computed again from the value
  { table: 'lock_pins', id: 'id', idType: 'integer', column: 'value_ciphertext', pinHashOf: 'device_id' },
  { table: 'access_links', id: 'id', idType: 'uuid', column: 'token_ciphertext' },
  { table: 'webhook_subscriptions', id: 'id', idType: 'uuid', column: 'secret_ciphertext' },
  { table: 'service_keys', id: 'id', idType: 'text', column: 'private_key_ciphertext' },
  { table: 'mail_outbox', id: 'id', idType: 'uuid', column: 'body_ciphertext' },
  { table: 'user_totp', id: 'user_id', idType: 'uuid', column: 'secret_ciphertext' },
  // answers kept for a repeat of a write (lib/http/idempotency.ts): 24 h
  { table: 'idempotency_keys', id: 'id', idType: 'uuid', column: 'response_ciphertext' },
  // a bridge's API token and the secret of its callback (docs/devices.md)
  { table: 'bridge_links', id: 'bridge_id', idType: 'integer', column: 'token_ciphertext' },
  { table: 'bridge_links', id: 'bridge_id', idType: 'integer', column: 'callback_secret_ciphertext' },
] as const;

export interface RotationReport {
  /** ciphertexts rewritten under APP_SECRET, per table */
  rewritten: Record<string, number>;
  /** ciphertexts no known secret opens (left as they are), per table */
  unreadable: Record<string, number>;
}

const BATCH = 200;

/**
 * Re-encrypts every stored secret that is not yet under the current APP_SECRET (made under
 * APP_SECRET_PREVIOUS, or in the first version's form), and recomputes PIN hashes with it. Each row
 * is rewritten only if it did not change meanwhile, so it can run while the server serves and run
 * again at will. `also`: more secrets to try (the embedded demo's former built-in one).
 */
export async function rotateSecrets(db: Db, also: readonly string[] = []): Promise<RotationReport> {
  const report: RotationReport = { rewritten: {}, unreadable: {} };
  const prefix = currentSecretPrefix();
  for (const t of STORED_SECRETS) {
    const extra = 'pinHashOf' in t ? sql`, ${sql.identifier(t.pinHashOf)}::text as ctx` : sql``;
    const rows = rowsOf<{ id: string; box: string; ctx?: string }>(
      await db.execute(sql`select ${sql.identifier(t.id)}::text as id, ${sql.identifier(t.column)} as box ${extra}
        from ${sql.identifier(t.table)} where ${sql.identifier(t.column)} not like ${prefix + '%'}`),
    );
    const changes: Array<{ id: string; old: string; box: string; hash: string | null }> = [];
    let unreadable = 0;
    for (const r of rows) {
      try {
        const plain = decryptSecret(r.box, t.table, r.id, also);
        changes.push({
          id: r.id,
          old: r.box,
          box: encryptSecret(plain, t.table, r.id),
          hash: r.ctx === undefined ? null : keyedHash(plain, `pin:${r.ctx}`),
        });
      } catch (e) {
        if (!(e instanceof SecretUnreadable)) throw e;
        unreadable++;
      }
    }
    let rewritten = 0;
    for (let i = 0; i < changes.length; i += BATCH) rewritten += await write(db, t, changes.slice(i, i + BATCH));
    report.rewritten[t.table] = (report.rewritten[t.table] ?? 0) + rewritten;
    report.unreadable[t.table] = (report.unreadable[t.table] ?? 0) + unreadable;
  }
  return report;
}

async function write(
  db: Db,
  t: (typeof STORED_SECRETS)[number],
  batch: Array<{ id: string; old: string; box: string; hash: string | null }>,
): Promise<number> {
  const values = sql.join(
    batch.map((c) => sql`(${c.id}, ${c.old}, ${c.box}, ${c.hash})`),
    sql`, `,
  );
  const col = sql.identifier(t.column);
  const setHash: SQL = 'pinHashOf' in t ? sql`, value_hmac = v.hash` : sql``;
  const res = await db.execute(sql`
    update ${sql.identifier(t.table)} as t set ${col} = v.box ${setHash}
    from (values ${values}) as v(id, old, box, hash)
    where t.${sql.identifier(t.id)} = v.id::${sql.raw(t.idType)} and t.${col} = v.old
    returning 1`);
  return rowsOf(res).length;
}

/** One line for logs and the script: what was rewritten and what could not be read. */
export function describeRotation(r: RotationReport): string {
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  const list = (o: Record<string, number>) =>
    Object.entries(o)
      .filter(([, n]) => n)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
  const rewritten = sum(r.rewritten)
    ? `re-encrypted ${sum(r.rewritten)} stored secrets (${list(r.rewritten)})`
    : 'every stored secret is under the current APP_SECRET';
  const unreadable = sum(r.unreadable)
    ? `; ${sum(r.unreadable)} could not be read with APP_SECRET or APP_SECRET_PREVIOUS and were left as they are (${list(r.unreadable)})`
    : '';
  return rewritten + unreadable;
}

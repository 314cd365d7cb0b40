import { personalAccessKeys } from '@/db/schema';
import { isScope } from '@/lib/auth/scopes';
import { fmtNoZone, fmtZ } from '../format';
import type { AccessKey } from './schemas';

type Row = typeof personalAccessKeys.$inferSelect;

/** A key as the API shows it, never the secret or its hash (the schema the OpenAPI document shows). */
export type { AccessKey };
export type KeyStatus = AccessKey['status'];

export function keyStatus(row: Pick<Row, 'revokedAt' | 'validTo'>, now: Date): KeyStatus {
  if (row.revokedAt) return 'revoked';
  return row.validTo <= now ? 'expired' : 'active';
}

export function toAccessKey(row: Row, now: Date): AccessKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter(isScope),
    validTo: fmtZ(row.validTo)!,
    lastUsed: fmtZ(row.lastUsedAt),
    created: fmtNoZone(row.created)!,
    revoked: fmtZ(row.revokedAt),
    status: keyStatus(row, now),
  };
}

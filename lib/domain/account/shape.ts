import { personalAccessKeys } from '@/db/schema';
import { isScope, type Scope } from '@/lib/auth/scopes';
import { fmtNoZone, fmtZ } from '../format';

type Row = typeof personalAccessKeys.$inferSelect;

export type KeyStatus = 'active' | 'expired' | 'revoked';

/** A key as the API shows it: never the secret or its hash. */
export interface AccessKey {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  /** ISO 8601 UTC with Z */
  validTo: string;
  /** ISO 8601 UTC with Z, or null when never used (to the minute) */
  lastUsed: string | null;
  /** UTC without zone suffix, like every `created` of the API */
  created: string;
  /** when it was revoked (ISO with Z), or null */
  revoked: string | null;
  status: KeyStatus;
}

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

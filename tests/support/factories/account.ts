import { personalAccessKeys } from '@/db/schema';
import { newKeyMaterial } from '@/lib/auth/keys';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { db } from './core';

/** A personal access key row for a user, with its id and its one-time value. */
export async function createKeyFor(
  userId: string,
  opts: { scopes?: Scope[]; validTo?: Date; revokedAt?: Date | null; name?: string } = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const d = await db();
  const m = newKeyMaterial();
  const [row] = await d
    .insert(personalAccessKeys)
    .values({
      userId,
      name: opts.name ?? 'test key',
      prefix: m.prefix,
      secretHash: m.secretHash,
      scopes: opts.scopes ?? [...SCOPES],
      validTo: opts.validTo ?? new Date(Date.now() + 86_400_000),
      revokedAt: opts.revokedAt ?? null,
    })
    .returning({ id: personalAccessKeys.id });
  return { id: row.id, key: m.key, prefix: m.prefix };
}

import { createPublicKey } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { mobiles } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { fmtNoZone } from '../format';
import { revokeCertificates } from './revoke';

/** A phone's Ed25519 public key: 32 raw bytes in base64, or an SPKI PEM. Returns the raw base64. */
export function normalizePublicKey(input: string): string {
  const s = input.trim();
  try {
    if (s.startsWith('-----BEGIN')) {
      const k = createPublicKey(s);
      if (k.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      return Buffer.from(k.export({ format: 'jwk' }).x as string, 'base64url').toString('base64');
    }
    const raw = Buffer.from(s, 'base64');
    if (raw.length !== 32 || raw.toString('base64').replace(/=+$/, '') !== s.replace(/=+$/, '')) throw new Error('bad length');
    return raw.toString('base64');
  } catch {
    throw Invalid('publicKey must be an Ed25519 public key: 32 bytes in base64, or a PEM (SPKI).');
  }
}

/** Tedee's registered mobile (id, userIdentity, name, operatingSystem), plus its key and when it was registered. */
const shape = (m: typeof mobiles.$inferSelect) => ({ id: m.id, userIdentity: m.userId, name: m.name, operatingSystem: m.operatingSystem, publicKey: m.publicKey, created: fmtNoZone(m.created) });

/** POST /my/mobile: register a phone of the caller. */
export async function registerMobile(ctx: Ctx, input: { name: string; publicKey: string; operatingSystem?: number }) {
  const [m] = await ctx.db
    .insert(mobiles)
    .values({ userId: ctx.caller.userId, name: input.name.trim(), publicKey: normalizePublicKey(input.publicKey), operatingSystem: input.operatingSystem ?? 3 })
    .returning();
  return shape(m);
}

/** GET /my/mobile */
export async function listMobiles(ctx: Ctx) {
  const rows = await ctx.db.select().from(mobiles).where(and(eq(mobiles.userId, ctx.caller.userId), isNull(mobiles.deletedAt))).orderBy(mobiles.id);
  return rows.map(shape);
}

/** A live mobile of the caller, or 404. */
export async function requireMobile(ctx: Ctx, id: number) {
  const [m] = await ctx.db.select().from(mobiles).where(and(eq(mobiles.id, id), eq(mobiles.userId, ctx.caller.userId), isNull(mobiles.deletedAt)));
  if (!m) throw NotFound('Mobile');
  return m;
}

/** GET /my/mobile/{id}: one live phone of the caller (404 for another's, a removed one, or none). */
export async function getMobile(ctx: Ctx, id: number) {
  return shape(await requireMobile(ctx, id));
}

/** DELETE /my/mobile/{id}: the phone's certificates are revoked with it. */
export async function deleteMobile(ctx: Ctx, id: number) {
  await requireMobile(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.update(mobiles).set({ deletedAt: ctx.now() }).where(eq(mobiles.id, id));
    await revokeCertificates(tx, { mobileId: id }, ctx.now());
  });
}

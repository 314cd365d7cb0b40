import { createPublicKey, ECDH, type KeyObject } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { mobiles } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid, NotFound } from '../errors';
import { fmtNoZone } from '../format';
import { revokeCertificates } from './revoke';

/**
 * A phone's public key, as Tedee documents it (mobile/register.rst: "generated auth pair ECDSA
 * public key"): an ECDSA P-256 point in base64, uncompressed (65 bytes, 0x04 X Y) as in its sample,
 * or compressed (33 bytes); or an Ed25519 key (32 bytes), which phones registered here before used;
 * or either as an SPKI PEM. Stored as base64 of the raw form (P-256 uncompressed).
 *
 * An uncompressed point is taken by its shape: the sample key of Tedee's own docs is not a point of
 * the curve, and refusing the docs' example would refuse the clients written from it. Nothing is
 * weakened by that: a certificate binds the key the phone gave, and a key nobody can hold the
 * private half of opens nothing. A compressed key or a PEM must be a real point (to be read at all).
 */
export function normalizePublicKey(input: string): string {
  const s = input.trim();
  try {
    const raw = s.startsWith('-----BEGIN') ? null : base64Exact(s);
    if (raw?.length === 65 && raw[0] === 4) return raw.toString('base64');
    const k = raw ? rawKey(raw) : createPublicKey(s);
    if (k.asymmetricKeyType === 'ed25519')
      return Buffer.from(k.export({ format: 'jwk' }).x as string, 'base64url').toString('base64');
    const jwk = k.export({ format: 'jwk' });
    if (k.asymmetricKeyType !== 'ec' || jwk.crv !== 'P-256') throw new Error('not P-256');
    const point = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x as string, 'base64url'),
      Buffer.from(jwk.y as string, 'base64url'),
    ]);
    return point.toString('base64');
  } catch {
    throw Invalid(
      'publicKey must be an ECDSA P-256 public key (65 bytes uncompressed or 33 compressed, base64), an Ed25519 key (32 bytes, base64), or either as a PEM (SPKI).',
    );
  }
}

function base64Exact(s: string): Buffer {
  const raw = Buffer.from(s, 'base64');
  if (raw.toString('base64').replace(/=+$/, '') !== s.replace(/=+$/, '')) throw new Error('not base64');
  return raw;
}

function rawKey(raw: Buffer): KeyObject {
  if (raw.length === 32)
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  if (raw.length === 33) {
    // the curve's own check: a point that is not on P-256 is refused here
    const full = ECDH.convertKey(raw, 'prime256v1', undefined, undefined, 'uncompressed') as Buffer;
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: full.subarray(1, 33).toString('base64url'),
        y: full.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
  }
  throw new Error('bad length');
}

/** Tedee's registered mobile (id: a UUID, userIdentity, name, operatingSystem), plus its key and when it was registered. */
const shape = (m: typeof mobiles.$inferSelect) => ({
  id: m.publicId,
  userIdentity: m.userId,
  name: m.name,
  operatingSystem: m.operatingSystem,
  publicKey: m.publicKey,
  created: fmtNoZone(m.created),
});

/** POST /my/mobile: register a phone of the caller. */
export async function registerMobile(ctx: Ctx, input: { name: string; publicKey: string; operatingSystem?: number }) {
  const [m] = await ctx.db
    .insert(mobiles)
    .values({
      userId: ctx.caller.userId,
      name: input.name.trim(),
      publicKey: normalizePublicKey(input.publicKey),
      operatingSystem: input.operatingSystem ?? 3,
    })
    .returning();
  return shape(m);
}

/** GET /my/mobile */
export async function listMobiles(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(mobiles)
    .where(and(eq(mobiles.userId, ctx.caller.userId), isNull(mobiles.deletedAt)))
    .orderBy(mobiles.id);
  return rows.map(shape);
}

/**
 * A phone by the id a client holds: its UUID (Tedee's type), or the number a phone registered
 * before had (still accepted, so a client that stored it keeps working).
 */
export type MobileRef = string | number;

/** A live mobile of the caller, or 404. */
export async function requireMobile(ctx: Ctx, ref: MobileRef) {
  const [m] = await ctx.db
    .select()
    .from(mobiles)
    .where(
      and(
        typeof ref === 'number' ? eq(mobiles.id, ref) : eq(mobiles.publicId, ref),
        eq(mobiles.userId, ctx.caller.userId),
        isNull(mobiles.deletedAt),
      ),
    );
  if (!m) throw NotFound('Mobile');
  return m;
}

/** GET /my/mobile/{id}: one live phone of the caller (404 for another's, a removed one, or none). */
export async function getMobile(ctx: Ctx, id: MobileRef) {
  return shape(await requireMobile(ctx, id));
}

/** DELETE /my/mobile/{id}: the phone's certificates are revoked with it. */
export async function deleteMobile(ctx: Ctx, ref: MobileRef) {
  const { id } = await requireMobile(ctx, ref);
  await ctx.db.transaction(async (tx) => {
    await tx.update(mobiles).set({ deletedAt: ctx.now() }).where(eq(mobiles.id, id));
    await revokeCertificates(tx, { mobileId: id }, ctx.now());
  });
}

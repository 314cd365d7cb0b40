import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets at rest. APP_SECRET (any string, 32+ chars in production) derives:
 *  - an AES-256-GCM key for values we must read back (PIN values, link tokens, webhook secrets);
 *  - an HMAC key for values we only compare (PIN uniqueness per lock).
 * Random tokens with 192+ bits are stored as plain SHA-256 (no key needed: they cannot be guessed).
 */
const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

function master(): string {
  const s = process.env.APP_SECRET;
  if (!s && process.env.NODE_ENV === 'production' && process.env.ALLOW_DEV_SECRET !== '1') {
    // The demo (`npm start`) sets ALLOW_DEV_SECRET; a real deployment must set APP_SECRET.
    throw new Error('APP_SECRET is not set');
  }
  return s || DEV_SECRET;
}

let cache: { src: string; enc: Buffer; mac: Buffer } | undefined;
function keys() {
  const src = master();
  if (!cache || cache.src !== src) {
    cache = {
      src,
      enc: createHash('sha256').update(`enc:${src}`).digest(),
      mac: createHash('sha256').update(`mac:${src}`).digest(),
    };
  }
  return cache;
}

/** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keys().enc, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptSecret(box: string): string {
  const [v, iv, tag, ct] = box.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('bad secret box');
  const d = createDecipheriv('aes-256-gcm', keys().enc, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

/** Keyed hash for comparing low-entropy values (PINs) without storing them. */
export function keyedHash(value: string, context: string): string {
  return createHmac('sha256', keys().mac).update(`${context}:${value}`).digest('base64url');
}

/** Hash of a high-entropy random token (access keys, link tokens). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

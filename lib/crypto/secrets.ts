import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { config } from '../config/index';
import { MIN_SECRET_BYTES } from './config';

/**
 * Secrets at rest (docs/security.md, "Deployment"). APP_SECRET (32+ bytes, checked at start) is
 * never used as a key itself: HKDF-SHA256 derives one key per purpose from it:
 *  - an AES-256-GCM key for values we must read back (PIN values, link tokens, webhook secrets, the
 *    certificate-signing key); each ciphertext binds its table and row as associated data, so a
 *    ciphertext copied into another row does not decrypt there;
 *  - an HMAC key for values we only compare (PIN uniqueness per lock);
 *  - a short key id written into each ciphertext, so a ciphertext names the secret that made it.
 * APP_SECRET_PREVIOUS (during a rotation) still decrypts what the previous secret made;
 * `npm run secrets:rotate` (lib/crypto/rotate.ts) re-encrypts everything under APP_SECRET.
 * Random tokens with 192+ bits are stored as plain SHA-256 (no key needed: they cannot be guessed).
 */

interface KeySet {
  kid: string;
  enc: Buffer;
  mac: Buffer;
  /** how the first version derived its key (one SHA-256 of the secret): reads `v1.` ciphertexts only */
  legacyEnc: Buffer;
}

const SALT = Buffer.from('smartlock-cloud/app-secret', 'utf8');
const derive = (master: string, purpose: string, bytes = 32) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), SALT, `smartlock-cloud/${purpose}`, bytes));

function keySet(master: string): KeySet {
  return {
    kid: derive(master, 'key-id', 6).toString('base64url'),
    enc: derive(master, 'secrets-at-rest/aes-256-gcm'),
    mac: derive(master, 'keyed-hash/hmac-sha256'),
    legacyEnc: createHash('sha256').update(`enc:${master}`).digest(),
  };
}

export class SecretUnreadable extends Error {}

let cache: { current: string; previous: string; ring: KeySet[] } | undefined;

/** The current key set first, then the previous one (APP_SECRET_PREVIOUS) if any. */
function ring(): KeySet[] {
  const { APP_SECRET: current = '', APP_SECRET_PREVIOUS: previous = '' } = config();
  if (!cache || cache.current !== current || cache.previous !== previous) {
    // The start-up refuses to serve without it (lib/server/start.ts); this only guards scripts and tests.
    if (Buffer.byteLength(current) < MIN_SECRET_BYTES)
      throw new Error(`APP_SECRET is not set or shorter than ${MIN_SECRET_BYTES} bytes`);
    cache = {
      current,
      previous,
      ring: [keySet(current), ...(previous && previous !== current ? [keySet(previous)] : [])],
    };
  }
  return cache.ring;
}

const aad = (table: string, row: string | number) => Buffer.from(`${table}/${row}`, 'utf8');

/** AES-256-GCM bound to its table and row; output `v2.<key id>.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string, table: string, row: string | number): string {
  const k = ring()[0];
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.enc, iv);
  c.setAAD(aad(table, row));
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v2', k.kid, iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join(
    '.',
  );
}

/**
 * The plain value of a ciphertext made for this table and row, under APP_SECRET or
 * APP_SECRET_PREVIOUS (`also`: more secrets to try, for migrations only). `v1.` ciphertexts of the
 * first version (no key id, no row binding) are still read until `secrets:rotate` rewrites them.
 */
export function decryptSecret(box: string, table: string, row: string | number, also: readonly string[] = []): string {
  const keys = also.length ? [...ring(), ...also.map(keySet)] : ring();
  const parts = box.split('.');
  if (parts[0] === 'v2' && parts.length === 5) {
    const k = keys.find((x) => x.kid === parts[1]);
    if (!k) throw new SecretUnreadable('made with a secret that is neither APP_SECRET nor APP_SECRET_PREVIOUS');
    return open(k.enc, parts[2], parts[3], parts[4], aad(table, row));
  }
  if (parts[0] === 'v1' && parts.length === 4) {
    for (const k of keys) {
      try {
        return open(k.legacyEnc, parts[1], parts[2], parts[3]);
      } catch {
        /* the next secret */
      }
    }
    throw new SecretUnreadable('made with a secret that is neither APP_SECRET nor APP_SECRET_PREVIOUS');
  }
  throw new SecretUnreadable('not a ciphertext of this service');
}

function open(key: Buffer, iv: string, tag: string, ct: string, associated?: Buffer): string {
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    if (associated) d.setAAD(associated);
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('does not belong to this row, or was changed');
  }
}

/** The prefix every ciphertext made under the current APP_SECRET starts with. */
export function currentSecretPrefix(): string {
  return `v2.${ring()[0].kid}.`;
}

/** Keyed hash for comparing low-entropy values (PINs) without storing them. */
export function keyedHash(value: string, context: string): string {
  return createHmac('sha256', ring()[0].mac).update(`${context}:${value}`).digest('base64url');
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

/**
 * Keys for one purpose derived from APP_SECRET, the current one first, then APP_SECRET_PREVIOUS's
 * during a rotation (for what signs and is checked, e.g. the OAuth server's cookies).
 */
export function purposeKeys(purpose: string, bytes = 32): Buffer[] {
  const { APP_SECRET: current = '', APP_SECRET_PREVIOUS: previous = '' } = config();
  ring(); // the same length check as every other use
  return [current, ...(previous && previous !== current ? [previous] : [])].map((m) => derive(m, purpose, bytes));
}

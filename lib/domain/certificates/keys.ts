import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { serviceKeys } from '@/db/schema';
import { config } from '@/lib/config';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secrets';

const KEY_ID = 'device-certificates';

interface Signer {
  privateKey: KeyObject;
  /** raw 32-byte Ed25519 public key, base64 */
  publicKey: string;
}

const g = globalThis as unknown as { __certSigner?: Promise<Signer> };

/**
 * The service's Ed25519 key. From CERT_SIGNING_KEY (PKCS#8 PEM) when set; otherwise generated
 * once and stored in the database (private part encrypted), so every process signs alike.
 */
export function signer(db: Db): Promise<Signer> {
  g.__certSigner ??= load(db).catch((e) => {
    g.__certSigner = undefined;
    throw e;
  });
  return g.__certSigner;
}

async function load(db: Db): Promise<Signer> {
  const pem = config().CERT_SIGNING_KEY;
  if (pem) return fromPrivate(createPrivateKey(pem.replace(/\\n/g, '\n')));
  const existing = await read(db);
  if (existing) return existing;
  const { privateKey } = generateKeyPairSync('ed25519');
  const pub = rawPublic(privateKey);
  const ciphertext = encryptSecret(
    privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    'service_keys',
    KEY_ID,
  );
  // two processes may race here: the first row wins and both read it back
  await db
    .insert(serviceKeys)
    .values({ id: KEY_ID, publicKey: pub, privateKeyCiphertext: ciphertext })
    .onConflictDoNothing();
  return (await read(db))!;
}

async function read(db: Db): Promise<Signer | null> {
  const [row] = await db.select().from(serviceKeys).where(eq(serviceKeys.id, KEY_ID));
  return row ? fromPrivate(createPrivateKey(decryptSecret(row.privateKeyCiphertext, 'service_keys', KEY_ID))) : null;
}

function rawPublic(privateKey: KeyObject): string {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return Buffer.from(jwk.x as string, 'base64url').toString('base64');
}

function fromPrivate(privateKey: KeyObject): Signer {
  return { privateKey, publicKey: rawPublic(privateKey) };
}

/** Signs the canonical JSON of `payload`; returns base64. */
export async function signJson(db: Db, payload: unknown): Promise<string> {
  return signBytes(db, Buffer.from(JSON.stringify(payload)));
}

/** Signs raw bytes with the service key; returns base64. */
export async function signBytes(db: Db, bytes: Buffer): Promise<string> {
  const s = await signer(db);
  return sign(null, bytes, s.privateKey).toString('base64');
}

/** GET /service/publickey */
export async function servicePublicKey(db: Db) {
  const s = await signer(db);
  return { algorithm: 'Ed25519', keyId: KEY_ID, publicKey: s.publicKey, format: 'raw-base64' };
}

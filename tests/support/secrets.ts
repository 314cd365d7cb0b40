import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/** For tests that change APP_SECRET (with setConfig, which puts the run's own back after the test): a fresh secret. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** A ciphertext as the first version wrote it: AES-GCM under one SHA-256 of the secret, no row binding. */
export function firstVersionBox(plain: string, master: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', createHash('sha256').update(`enc:${master}`).digest(), iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

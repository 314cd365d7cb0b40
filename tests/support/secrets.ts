import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';

/** For tests that change APP_SECRET: a fresh secret, and the test's own put back after each test. */
export const newSecret = () => randomBytes(32).toString('base64url');

export function restoreAppSecretsAfterEach(): void {
  const saved = { current: process.env.APP_SECRET, previous: process.env.APP_SECRET_PREVIOUS };
  afterEach(() => {
    process.env.APP_SECRET = saved.current;
    if (saved.previous === undefined) delete process.env.APP_SECRET_PREVIOUS;
    else process.env.APP_SECRET_PREVIOUS = saved.previous;
  });
}

/** A ciphertext as the first version wrote it: AES-GCM under one SHA-256 of the secret, no row binding. */
export function firstVersionBox(plain: string, master: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', createHash('sha256').update(`enc:${master}`).digest(), iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

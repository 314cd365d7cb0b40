import { createDecipheriv, createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { setConfig } from '@/tests/support/config';
import { firstVersionBox, newSecret } from '@/tests/support/secrets';
import { currentSecretPrefix, decryptSecret, encryptSecret, keyedHash, SecretUnreadable } from './secrets';

/** Secrets at rest: keys per purpose, bound to their row, readable across a rotation (setConfig puts the run's secrets back). */
const secret = newSecret;

describe('secrets at rest', () => {
  it('a ciphertext opens only in its own table and row: moved to another row it is refused', () => {
    const box = encryptSecret('735190', 'lock_pins', 17);
    expect(box).toMatch(/^v2\.[A-Za-z0-9_-]{8}\./);
    expect(box).not.toContain('735190');
    expect(decryptSecret(box, 'lock_pins', 17)).toBe('735190');
    expect(() => decryptSecret(box, 'lock_pins', 18)).toThrow(SecretUnreadable);
    expect(() => decryptSecret(box, 'access_links', 17)).toThrow(SecretUnreadable);
  });

  it('keys are derived per purpose (HKDF), not one hash of the secret for everything', () => {
    setConfig({ APP_SECRET: secret() });
    const oldKey = (use: string) => createHash('sha256').update(`${use}:${config().APP_SECRET}`).digest();
    expect(keyedHash('735190', 'pin:1')).not.toBe(
      createHmac('sha256', oldKey('mac')).update('pin:1:735190').digest('base64url'),
    );
    const [, , iv, tag, ct] = encryptSecret('x', 't', 1).split('.');
    const d = createDecipheriv('aes-256-gcm', oldKey('enc'), Buffer.from(iv, 'base64url'));
    d.setAAD(Buffer.from('t/1'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    expect(() => Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()])).toThrow();
  });

  it('APP_SECRET_PREVIOUS opens what the previous secret made; without it, it is unreadable', () => {
    const old = secret();
    setConfig({ APP_SECRET: old });
    const box = encryptSecret('whsec_abc', 'webhook_subscriptions', 'a-row');
    setConfig({ APP_SECRET: secret() });
    expect(() => decryptSecret(box, 'webhook_subscriptions', 'a-row')).toThrow(SecretUnreadable);
    setConfig({ APP_SECRET_PREVIOUS: old });
    expect(decryptSecret(box, 'webhook_subscriptions', 'a-row')).toBe('whsec_abc');
    expect(box.startsWith(currentSecretPrefix())).toBe(false);
    expect(encryptSecret('y', 't', 1).startsWith(currentSecretPrefix())).toBe(true);
  });

  it("the first version's ciphertexts are still read (until secrets:rotate rewrites them)", () => {
    setConfig({ APP_SECRET: secret() });
    expect(decryptSecret(firstVersionBox('tok', config().APP_SECRET!), 'access_links', 'any')).toBe('tok');
    const other = secret();
    expect(() => decryptSecret(firstVersionBox('tok', other), 'access_links', 'any')).toThrow(SecretUnreadable);
    expect(decryptSecret(firstVersionBox('tok', other), 'access_links', 'any', [other])).toBe('tok');
  });

  it('refuses to work without an APP_SECRET of 32 bytes or more', () => {
    setConfig({ APP_SECRET: 'short-secret' });
    expect(() => encryptSecret('x', 't', 1)).toThrow(/APP_SECRET .*32 bytes/);
    setConfig({ APP_SECRET: '' });
    expect(() => keyedHash('x', 'c')).toThrow(/APP_SECRET/);
  });
});

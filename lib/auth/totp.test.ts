import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { normalizeRecoveryCode, newRecoveryCode, recoveryCodeHash } from './second-factor';
import { checkTotp, newTotpSecret, totpUri } from './totp';

const at = (s: number) => new Date(s * 1000);
const T = 1_800_000_000; // a step boundary: 1_800_000_000 / 30 = 60_000_000

describe('TOTP codes', () => {
  it('the current code and one step of drift either way are right; two steps are not', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = at(T + 10);
    expect(await checkTotp(secret, await generate({ secret, epoch: T + 10 }), null, now)).toBe(60_000_000);
    expect(await checkTotp(secret, await generate({ secret, epoch: T - 20 }), null, now)).toBe(59_999_999);
    expect(await checkTotp(secret, await generate({ secret, epoch: T + 40 }), null, now)).toBe(60_000_001);
    expect(await checkTotp(secret, await generate({ secret, epoch: T - 50 }), null, now)).toBeNull();
    expect(await checkTotp(secret, await generate({ secret, epoch: T + 70 }), null, now)).toBeNull();
  });

  it('a code of a step already used (or earlier) is refused; not 6 digits is refused', async () => {
    const secret = newTotpSecret();
    const code = await generate({ secret, epoch: T + 10 });
    expect(await checkTotp(secret, code, 60_000_000, at(T + 10))).toBeNull();
    expect(await checkTotp(secret, code, 59_999_999, at(T + 10))).toBe(60_000_000);
    expect(await checkTotp(secret, `${code}0`, null, at(T + 10))).toBeNull();
    expect(await checkTotp(secret, 'abcdef', null, at(T + 10))).toBeNull();
  });

  it('the otpauth URI names the service and the account', () => {
    expect(totpUri('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 'a@b.test')).toBe(
      'otpauth://totp/Smart-lock%20cloud:a%40b.test?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&issuer=Smart-lock%20cloud',
    );
  });
});

describe('recovery codes', () => {
  it('20 base32 characters in 4 groups, random; typed in any case, with spaces or without dashes, they hash the same', () => {
    const c = newRecoveryCode();
    expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(Array.from({ length: 50 }, newRecoveryCode)).size).toBe(50);
    expect(normalizeRecoveryCode(` ${c.toLowerCase().replace(/-/g, ' ')} `)).toBe(c.replace(/-/g, ''));
    expect(recoveryCodeHash(c.toLowerCase())).toBe(recoveryCodeHash(c.replace(/-/g, '')));
    expect(recoveryCodeHash(c)).not.toContain(c.replace(/-/g, ''));
  });
});

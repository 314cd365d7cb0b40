import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, one step of clock drift either way.
 * A code is accepted once: its time step must be later than the last accepted one.
 */
export const TOTP_ISSUER = 'Smart-lock cloud';

export function newTotpSecret(): string {
  // 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps expect
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/** The code's time step when it is right now (within a step of drift) and later than `after`; else null. */
export async function checkTotp(secret: string, code: string, after: number | null, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(after !== null ? { afterTimeStep: after } : {}),
  }).catch(() => ({ valid: false as const }));
  return r.valid && 'timeStep' in r ? (r.timeStep as number) : null;
}

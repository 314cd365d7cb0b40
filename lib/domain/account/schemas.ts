import { z } from 'zod';
import { instant, int } from '../schema-parts';
import { SCOPES } from '@/lib/auth/scopes';

/** The caller's own account as the API shows it: keys, second factors, sign-up answers (the OpenAPI document is made from these). */

export const AccessKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.enum(SCOPES)),
    validTo: instant,
    lastUsed: instant.nullable(),
    created: z.string().describe('UTC without a zone suffix'),
    revoked: instant.nullable(),
    status: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'PersonalAccessKey' });
export type AccessKey = z.infer<typeof AccessKeySchema>;

export const KeyCreated = z.object({
  id: z.string(),
  key: z.string().describe('the key itself: shown in this answer only'),
});

export const Passkey = z
  .object({ id: z.string(), name: z.string(), created: instant, lastUsed: instant.nullable(), backedUp: z.boolean() })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;
export const SecondFactorStatus = z.object({
  enabled: z.boolean(),
  totp: z.object({ enabled: z.boolean(), confirmedAt: instant.nullable() }),
  recoveryCodesLeft: int(),
  passkeys: z.array(Passkey),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;
export const TotpStarted = z.object({ secret: z.string(), uri: z.string() });
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to the browser as they are. */
export const PasskeyChallenge = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
export const EndedSessions = z.object({ endedSessions: int() });

export const MailSent = z.object({ email: z.string(), message: z.string() });
export const EmailVerified = z.object({ email: z.string(), next: z.string().nullable() });
export const PasswordReset = z.object({
  email: z.string(),
  endedSessions: int(),
  revokedKeys: int().describe('personal access keys the reset ended (none with keepAccessKeys)'),
});

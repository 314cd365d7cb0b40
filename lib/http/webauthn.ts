import { z } from 'zod';

/**
 * The JSON forms of WebAuthn answers (@simplewebauthn/browser's output), bounded: the browser
 * sends at most a few kilobytes (an attestation object without certificates, as asked).
 */
const b64 = (max: number) =>
  z
    .string({ error: 'must be base64url' })
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
const extensions = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .optional()
  .transform((x) => x ?? {});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What every credential the browser hands back has, around its `response`. */
const credential = z.object({
  id: b64(1024),
  rawId: b64(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});

export const registrationResponse = credential.extend({
  response: z.object({
    clientDataJSON: b64(4096),
    attestationObject: b64(16384),
    authenticatorData: b64(8192).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64(4096).optional(),
  }),
});

export const authenticationResponse = credential.extend({
  response: z.object({
    clientDataJSON: b64(4096),
    authenticatorData: b64(8192),
    signature: b64(2048),
    userHandle: b64(1024).optional(),
  }),
});

export const challengeId = z.string({ error: 'challengeId: the id the options came with' }).max(64);

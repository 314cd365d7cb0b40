import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator (a platform passkey with user verification) in Node: it makes real
 * P-256 credentials, "none" attestations and ES256 assertions as a browser's authenticator does,
 * so the server's WebAuthn verification runs unchanged.
 */
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer | Uint8Array | string) => Buffer.from(b).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface Held {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  rpId: string;
  count: number;
}

export class SoftAuthenticator {
  readonly held: Held[] = [];
  constructor(readonly origin: string) {}

  create(o: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const id = randomBytes(16);
    const rpId = o.rp.id!;
    const flags = 0x01 | 0x04 | 0x40; // user present, user verified, attested credential data
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      u32(0),
      Buffer.alloc(16),
      Buffer.from([0, id.length]),
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: o.challenge, origin, crossOrigin: false });
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.held.push({ id, key: privateKey, userHandle: o.user.id, rpId, count: 0 });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientData), attestationObject: b64u(attestation), transports: ['internal'] },
    };
  }

  /** An assertion by the first held credential the options allow (any, when they name none). */
  get(
    o: PublicKeyCredentialRequestOptionsJSON,
    opts: { origin?: string; count?: number } = {},
  ): AuthenticationResponseJSON {
    const allowed = o.allowCredentials?.map((c) => c.id) ?? [];
    const c = this.held.find((h) => h.rpId === o.rpId && (!allowed.length || allowed.includes(b64u(h.id))));
    if (!c) throw new Error('no credential for these options');
    c.count = opts.count ?? c.count + 1;
    const authData = Buffer.concat([sha256(c.rpId), Buffer.from([0x01 | 0x04]), u32(c.count)]);
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: o.challenge,
        origin: opts.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientData)]))
      .sign(c.key);
    return {
      id: b64u(c.id),
      rawId: b64u(c.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: c.userHandle,
      },
    };
  }
}

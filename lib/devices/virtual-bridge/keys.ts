import { createECDH, createHash } from 'node:crypto';

/**
 * A virtual device's own key pair: ECDSA P-256, as Tedee's devices have, derived from its serial
 * number so that every server process and the virtual bridge itself know the same one without
 * storing it. Only the public point leaves (mobile certificates' `devicePublicKey`). Real Tedee
 * devices have keys of their own that their bridge's local API does not give (docs/devices.md).
 */
export function virtualDeviceKey(serialNumber: string): { privateKey: Buffer; publicKey: string } {
  const privateKey = createHash('sha256').update(`smartlock-simulator/device-key/${serialNumber}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { privateKey, publicKey: ecdh.getPublicKey().toString('base64') };
}

import type { Ctx } from '../context';
import { signBytes } from './keys';

/**
 * GET /datetime/getsignedtime (Tedee's signed time): the service's clock for a device that has
 * none it can trust, so an offline certificate's window is judged against real time. `datetime`
 * is the instant as 8 bytes (milliseconds since the epoch, big-endian) in base64, as in Tedee's
 * sample; `signature` is the service's Ed25519 signature of those bytes (GET /service/publickey).
 */
export async function signedTime(ctx: Ctx): Promise<{ datetime: string; signature: string }> {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(ctx.now().getTime()));
  return { datetime: bytes.toString('base64'), signature: await signBytes(ctx.db, bytes) };
}

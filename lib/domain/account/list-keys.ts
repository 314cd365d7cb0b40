import type { Ctx } from '../context';
import { keysOf } from './own';
import { toAccessKey, type AccessKey } from './shape';

/**
 * The caller's keys, newest first, including expired and revoked ones (with their status), so
 * the owner can see what stopped working and when. Secrets and hashes are never returned.
 */
export async function listKeys(ctx: Ctx): Promise<AccessKey[]> {
  const now = ctx.now();
  return (await keysOf(ctx)).map((r) => toAccessKey(r, now));
}

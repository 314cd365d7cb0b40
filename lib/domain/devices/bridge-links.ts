import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { bridgeLinks } from '@/db/schema';
import { decryptSecret, encryptSecret, randomToken } from '@/lib/crypto/secrets';
import type { Capability, TokenMode } from '@/lib/devices/gateway';

/**
 * How the service reaches a bridge (bridge_links): its address and API token, and the secret its
 * callback carries. Both secrets are stored encrypted, bound to the table and the bridge's row
 * (lib/crypto/secrets.ts; `npm run secrets:rotate` re-encrypts them), and never logged.
 */
const seal = (plain: string, bridgeId: number) => encryptSecret(plain, 'bridge_links', bridgeId);
export const openSealed = (box: string, bridgeId: number) => decryptSecret(box, 'bridge_links', bridgeId);

/** Stores (or replaces) how to reach a bridge; a new link gets a new random callback secret. */
export async function saveBridgeLink(
  db: Db,
  bridgeId: number,
  link: { baseUrl: string; token: string; tokenMode: TokenMode; capabilities: readonly Capability[] },
): Promise<void> {
  const values = {
    baseUrl: link.baseUrl.replace(/\/+$/, ''),
    tokenCiphertext: seal(link.token, bridgeId),
    tokenMode: link.tokenMode,
    capabilities: [...link.capabilities].sort(),
  };
  await db
    .insert(bridgeLinks)
    .values({ bridgeId, ...values, callbackSecretCiphertext: seal(randomToken(32), bridgeId) })
    .onConflictDoUpdate({ target: bridgeLinks.bridgeId, set: values });
}

/** The secret the bridge's callbacks carry. */
export async function callbackSecretOf(db: Db, bridgeId: number): Promise<string | null> {
  const [l] = await db
    .select({ box: bridgeLinks.callbackSecretCiphertext })
    .from(bridgeLinks)
    .where(eq(bridgeLinks.bridgeId, bridgeId));
  return l ? openSealed(l.box, bridgeId) : null;
}

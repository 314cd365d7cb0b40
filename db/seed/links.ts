import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { accessLinkDevices, accessLinks } from '../schema';
import { encryptSecret, randomToken, tokenHash } from '../../lib/crypto/secrets';

const D = 24 * 3600_000;

/**
 * Two organization access links: one valid for 30 days (a lock and a gate), one expired.
 * The token is stored hashed (lookup) and encrypted (to show the URL again), never in clear.
 * Returns link ids by name and the valid link's URL (printed so the demo user can open it).
 */
export async function seedLinks(
  db: Db,
  organizationId: number,
  ownerId: string,
  deviceIds: Record<string, number>,
  now: Date,
): Promise<{ ids: Record<string, string> }> {
  const specs = [
    {
      name: 'Courier deliveries',
      description: 'Front door and main gate for parcel couriers',
      start: now,
      end: new Date(now.getTime() + 30 * D),
      devices: ['Front door', 'Main gate'],
    },
    {
      name: 'Open house weekend',
      description: 'Visitors of the open house (ended)',
      start: new Date(now.getTime() - 60 * D),
      end: new Date(now.getTime() - 58 * D),
      devices: ['Back door', 'Main gate'],
    },
  ];
  const ids: Record<string, string> = {};
  for (const s of specs) {
    const [found] = await db
      .select({ id: accessLinks.id })
      .from(accessLinks)
      .where(and(eq(accessLinks.organizationId, organizationId), eq(accessLinks.name, s.name)))
      .limit(1);
    if (found) {
      ids[s.name] = found.id;
      continue;
    }
    const token = randomToken(32);
    const id = randomUUID(); // the token is encrypted bound to its row
    const [link] = await db
      .insert(accessLinks)
      .values({
        id,
        organizationId,
        name: s.name,
        description: s.description,
        startDate: s.start,
        endDate: s.end,
        tokenHash: tokenHash(token),
        tokenCiphertext: encryptSecret(token, 'access_links', id),
        createdBy: ownerId,
      })
      .returning({ id: accessLinks.id });
    // the owner put the doors on the link: it opens them while the owner may (lib/domain/policy)
    await db
      .insert(accessLinkDevices)
      .values(
        s.devices.map((n, i) => ({ accessLinkId: link.id, deviceId: deviceIds[n], order: i + 1, addedBy: ownerId })),
      );
    ids[s.name] = link.id;
  }
  // The tokens are never printed (a link URL opens doors); administrators copy it in the portal.
  return { ids };
}

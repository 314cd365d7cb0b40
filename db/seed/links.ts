import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { accessLinkDevices, accessLinks } from '../schema';
import { decryptSecret, encryptSecret, randomToken, tokenHash } from '../../lib/crypto/secrets';

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
): Promise<{ ids: Record<string, string>; validUrl: string | null }> {
  const specs = [
    { name: 'Courier deliveries', description: 'Front door and main gate for parcel couriers', start: now, end: new Date(now.getTime() + 30 * D), devices: ['Front door', 'Main gate'] },
    { name: 'Open house weekend', description: 'Visitors of the open house (ended)', start: new Date(now.getTime() - 60 * D), end: new Date(now.getTime() - 58 * D), devices: ['Back door', 'Main gate'] },
  ];
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const s of specs) {
    const [found] = await db
      .select({ id: accessLinks.id, tokenCiphertext: accessLinks.tokenCiphertext })
      .from(accessLinks)
      .where(and(eq(accessLinks.organizationId, organizationId), eq(accessLinks.name, s.name)))
      .limit(1);
    if (found) {
      ids[s.name] = found.id;
      try {
        tokens[s.name] = decryptSecret(found.tokenCiphertext);
      } catch {
        // seeded under another APP_SECRET: the link stays, only its URL cannot be shown here
      }
      continue;
    }
    const token = randomToken(32);
    const [link] = await db
      .insert(accessLinks)
      .values({
        organizationId, name: s.name, description: s.description, startDate: s.start, endDate: s.end,
        tokenHash: tokenHash(token), tokenCiphertext: encryptSecret(token), createdBy: ownerId,
      })
      .returning({ id: accessLinks.id });
    await db.insert(accessLinkDevices).values(s.devices.map((n, i) => ({ accessLinkId: link.id, deviceId: deviceIds[n], order: i + 1 })));
    ids[s.name] = link.id;
    tokens[s.name] = token;
  }
  const base = (process.env.PORTAL_URL || process.env.NEXTAUTH_URL || 'http://localhost:3000').replace(/\/+$/, '');
  const token = tokens['Courier deliveries'];
  return { ids, validUrl: token ? `${base}/link/${token}` : null };
}

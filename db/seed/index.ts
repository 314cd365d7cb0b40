import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { hashPassword } from '../../lib/auth/password';
import { seedAccess } from './access';
import { seedActivity } from './activity';
import { seedDevices } from './devices';
import { seedLinks } from './links';
import { DEMO_ORG, DEMO_PASSWORD, DEMO_USERS, seedPeople } from './people';
import { seedPinLastUse, seedPins } from './pins';
import { seedSimulator } from './simulator';
import type { DemoIds, ExtraSeed, SeedOptions } from './types';

export type { DemoIds, ExtraSeed, SeedOptions } from './types';
export { DEMO_ORG, DEMO_PASSWORD, DEMO_USERS } from './people';

/**
 * Seeds other areas add (the device simulator's world, ...). Run after the core seed with the
 * ids it created; each must be idempotent like the core seed.
 */
export const extraSeeds: ExtraSeed[] = [seedSimulator];

export const DEFAULT_ACTIVITY_COUNT = 50_000;

/**
 * The demo dataset (issue 2): one organization, five accounts, bridges, locks, gates, door
 * sensors, PINs, groups, accesses of every kind, access links and a year of activity.
 * Idempotent: every part finds what exists (demo e-mails, org name, DEMO-* serial numbers,
 * link names) and adds only what is missing. The core runs in one transaction, so a failed
 * seed leaves nothing half-made.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<DemoIds> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const started = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD); // outside the transaction: CPU only

  let added = 0;
  const demo = await db.transaction(async (tx) => {
    // Two processes seeding at once (several servers started with SEED_DEMO=1) take turns,
    // so the second finds everything and adds nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    const people = await seedPeople(tx, passwordHash, now);
    const devices = await seedDevices(tx, people.organizationId, now);
    await seedAccess(tx, { ...people, devices }, now);
    await seedPins(tx, devices, now);
    const links = await seedLinks(tx, people.organizationId, people.users['owner@demo.test'].id, devices, now);
    const ids: DemoIds = { ...people, devices, accessLinks: links.ids };
    added = await seedActivity(tx, ids, opts.activityCount ?? DEFAULT_ACTIVITY_COUNT, now);
    await seedPinLastUse(tx, devices);
    return ids;
  });
  for (const extra of extraSeeds) await extra(db, demo);

  log(
    `Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: "${DEMO_ORG.name}", ${Object.keys(demo.devices).length} devices, ${added} new activity entries.`,
  );
  log(`  Sign in with ${DEMO_USERS.map((u) => u.email).join(', ')} / ${DEMO_PASSWORD}`);
  log('  A guest access link ("Courier deliveries", valid 30 days): copy its URL in Organization > Access links.');
  return demo;
}

// Issue 34, item 3: where the big organization's reads spend their time, part by part, on a database
// the bench kept (`BENCH_SIZE=large BENCH_KEEP_DB=1 npm run bench`): the domain functions the
// endpoints call, run in this process one at a time against DATABASE_URL as the organization's
// owner (the bench user), each timed over a few runs after a warm-up; the database's share is the
// same statements timed alone. `DATABASE_URL=postgres://postgres@127.0.0.1:5432/sl_bench_... npx tsx bench/big-probe.ts`
import { sql } from 'drizzle-orm';
import { closeDb, getDb, rowsOf } from '../db/client';
import { SCOPES } from '../lib/auth/scopes';
import { effectiveAccess } from '../lib/domain/access/effective';
import { listAccess } from '../lib/domain/access/list';
import { listAssignable } from '../lib/domain/accesslinks/assignable';
import { listActivity } from '../lib/domain/activity/list';
import { attention } from '../lib/domain/devices/attention';
import { deviceDetails } from '../lib/domain/devices/details';
import { deviceList } from '../lib/domain/devices/list';
import { loadVisible } from '../lib/domain/devices/load';
import { listLocks } from '../lib/domain/devices/locks';
import { getPersonPage, listManageableDoors, listOrgPeople } from '../lib/domain/people/people';
import { listSites } from '../lib/domain/sites/sites';
import { listLockdowns } from '../lib/domain/lockdown/control';
import { getOrgSecurity } from '../lib/domain/organizations/security';
import { listMyOrganizations } from '../lib/domain/organizations/organizations';
import type { Ctx } from '../lib/domain/context';
import { harness } from '../lib/config/harness';

const RUNS = harness().PROBE_RUNS;

async function main() {
  const db = await getDb();
  const [owner] = rowsOf<{ id: string; num_id: number; email: string; org: number; device: number }>(
    await db.execute(sql`
      select u.id, u.num_id, u.email, o.id as org,
        (select min(id)::int from devices where organization_id = o.id and serial_number like 'BIG-LK-%') as device
      from organizations o join organization_users ou on ou.organization_id = o.id and ou.role = 2
      join users u on u.id = ou.user_id where o.name = 'Bench Org' order by o.id desc limit 1`),
  );
  if (!owner?.device) throw new Error('no big organization here (BENCH_SIZE=large)');
  const ctx = {
    db,
    now: () => new Date(),
    caller: {
      userId: owner.id,
      userNumId: owner.num_id,
      email: owner.email,
      displayName: 'Bench User',
      scopes: new Set(SCOPES),
      via: 'key' as const,
    },
  } as unknown as Ctx;
  const org = owner.org;
  const probes: Array<[string, () => Promise<unknown>]> = [
    ['effectiveAccess (every device of the caller)', () => effectiveAccess(db, owner.id, new Date())],
    ['loadVisible (every device, rows)', () => loadVisible(ctx, { types: [1, 2, 4, 5, 6] })],
    ['loadVisible (a page of 100 locks)', () => loadVisible(ctx, { types: [2, 4], page: 1, itemsPerPage: 100 })],
    ['listLocks page 1 of 100', () => listLocks(ctx, { page: 1, itemsPerPage: 100 })],
    ['listLocks all', () => listLocks(ctx, {})],
    ['deviceDetails', () => deviceDetails(ctx, {})],
    ['attention (organization)', () => attention(ctx, { organizationId: org })],
    ['deviceList (the Devices page: 25, problems first)', () => deviceList(ctx, {}, { page: 1, itemsPerPage: 25 })],
    [
      'deviceList (a picker: 10 by name, text)',
      () => deviceList(ctx, { text: 'lock', orderBy: 'name' }, { page: 1, itemsPerPage: 10 }),
    ],
    ['listOrgPeople', () => listOrgPeople(ctx, org)],
    ['listOrgPeople (the People page: 50)', () => listOrgPeople(ctx, org, { page: 1, itemsPerPage: 50 })],
    [
      'getPersonPage (with every door to give)',
      () => getPersonPage(ctx, org, { userId: owner.id }, { withManageableDoors: true }),
    ],
    [
      'getPersonPage (the portal: doors to give counted, first 100 doors)',
      () =>
        getPersonPage(ctx, org, { userId: owner.id }, { withManageableDoors: false, doorsPage: { itemsPerPage: 100 } }),
    ],
    ['listManageableDoors (the give dialog: 50)', () => listManageableDoors(ctx, org, { page: 1, itemsPerPage: 50 })],
    ['listMyOrganizations (the layout)', () => listMyOrganizations(ctx)],
    ['getOrgSecurity (the second-factor banner)', () => getOrgSecurity(ctx, { organizationId: org })],
    ['listLockdowns active (the lockdown banner)', () => listLockdowns(ctx, { organizationId: org, active: true })],
    ['listSites (the site filter: 100)', () => listSites(ctx, { organizationId: org, page: 1, itemsPerPage: 100 })],
    ['listAssignable page 1 of 50', () => listAssignable(ctx, { organizationId: org, page: 1, itemsPerPage: 50 })],
    ['listAccess (1,000 records)', () => listAccess(ctx, { deviceId: owner.device })],
    ['listActivity every device, first page of 50', () => listActivity(ctx, { elements: 50 })],
    [
      'listActivity every device, a year back',
      () => listActivity(ctx, { elements: 50, lastElemDate: new Date(Date.now() - 365 * 86_400_000) }),
    ],
  ];
  const only = harness().PROBE_ONLY;
  for (const [name, f] of probes) {
    if (only && !only.test(name)) continue;
    try {
      await f();
      const ms: number[] = [];
      let size = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const r = await f();
        ms.push(performance.now() - t);
        size = JSON.stringify(r instanceof Map ? [...r.values()] : r)?.length ?? 0;
      }
      ms.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(46)} median ${ms[Math.floor(ms.length / 2)].toFixed(0).padStart(6)} ms  (min ${ms[0].toFixed(0)})  answer ${(size / 1024).toFixed(0)} KiB`,
      );
    } catch (e) {
      console.log(`${name.padEnd(46)} failed: ${(e as Error).message}`);
    }
  }
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

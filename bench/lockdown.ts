// Issue 35: starting a lockdown takes under a second of server time for 1,000 locks. `npm run
// bench:lockdown` (PGlite in memory), or with DATABASE_URL on a fresh Postgres database. Makes an
// organization with a site of LOCKDOWN_LOCKS locks (default 1,000), two PINs on each, a phone's
// offline certificate on each for a member, then times the domain verbs the API calls (the server's
// time, without HTTP): the start (one transaction: the lock commands, the PINs and certificates held
// back, the audit entry, the mail, one webhook event per door), a repeated start (answers the active
// one), a refused unlock (the read every opening now pays), and the lift. Prints PASS/FAIL against
// the target. The worker's sending of the lock commands is not part of the start (it goes on after).
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { closeDb, getDb, rowsOf } from '../db/client';
import { SCOPES } from '../lib/auth/scopes';
import { setEnv } from '../lib/config';
import { harness } from '../lib/config/harness';
import type { Ctx } from '../lib/domain/context';
import { liftLockdown, startLockdown } from '../lib/domain/lockdown/control';
import { lockdownsOver } from '../lib/domain/lockdown/state';

const LOCKS = harness().LOCKDOWN_LOCKS;
const TARGET_MS = 1000;
const RUNS = harness().LOCKDOWN_RUNS;

async function main() {
  // the mail it queues is encrypted at rest: a secret of this run's own unless one is given
  setEnv({ APP_SECRET: randomBytes(32).toString('base64') }, { onlyUnset: true });
  const db = await getDb();
  const tag = randomUUID().slice(0, 8);
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0];
  const org = await one<{ id: number }>(
    sql`insert into organizations (name, time_zone) values (${`Lockdown bench ${tag}`}, 'Europe/Warsaw') returning id`,
  );
  const people = rowsOf<{ id: string; num_id: number; email: string }>(
    await db.execute(sql`insert into users (email, display_name, password_hash)
      select 'lockdown-' || ${tag} || '-' || g || '@bench.local', 'Bench ' || g, 'x' from generate_series(1, 2) g
      returning id, num_id, email`),
  );
  const [owner, member] = people;
  await db.execute(sql`insert into organization_users (organization_id, user_id, role)
    values (${org.id}, ${owner.id}::uuid, 2), (${org.id}, ${member.id}::uuid, 0)`);
  const site = await one<{ id: number }>(
    sql`insert into sites (organization_id, name, time_zone) values (${org.id}, 'Residence', 'Europe/Warsaw') returning id`,
  );
  // the locks (no bridge: the start sends nothing itself), each with the owner's and the member's access
  const locks = rowsOf<{ id: number }>(
    await db.execute(sql`insert into devices (type, name, serial_number, organization_id, site_id, time_zone)
      select 2, 'Door ' || g, 'LD-' || ${tag} || '-' || g, ${org.id}, ${site.id}, 'Europe/Warsaw' from generate_series(1, ${LOCKS}) g
      returning id`),
  );
  const ids = `{${locks.map((l) => l.id).join(',')}}`;
  await db.execute(sql`insert into device_access (device_id, principal_type, user_id, access_level)
    select d, 0, u.id, u.level from unnest(${ids}::int[]) d
    cross join (values (${owner.id}::uuid, 2), (${member.id}::uuid, 0)) as u(id, level)`);
  await db.execute(sql`insert into lock_pins (device_id, alias, value_ciphertext, value_hmac)
    select d, 'PIN ' || k, 'x', md5(d || '-' || k) from unnest(${ids}::int[]) d cross join generate_series(1, 2) k`);
  const mobile = await one<{ id: number }>(
    sql`insert into mobiles (user_id, name, public_key) values (${member.id}::uuid, 'Bench phone', ${randomUUID()}) returning id`,
  );
  await db.execute(sql`insert into device_certificates (device_id, user_id, mobile_id, access_level, expiration_date)
    select d, ${member.id}::uuid, ${mobile.id}, 0, now() + interval '1 day' from unnest(${ids}::int[]) d`);

  const ctx = {
    db,
    now: () => new Date(),
    caller: {
      userId: owner.id,
      userNumId: owner.num_id,
      email: owner.email,
      displayName: 'Bench Owner',
      scopes: new Set(SCOPES),
      via: 'key' as const,
    },
  } as unknown as Ctx;
  const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
    const t = performance.now();
    const r = await f();
    return [r, performance.now() - t];
  };

  const starts: number[] = [];
  const lifts: number[] = [];
  let repeat = 0;
  let refusal = 0;
  for (let run = 0; run < RUNS; run++) {
    const [started, ms] = await time(() =>
      startLockdown(ctx, { organizationId: org.id, siteId: site.id, reason: 'Bench drill' }),
    );
    if (!started.created || started.lockdown.locks.total !== LOCKS)
      throw new Error('the start did not cover every lock');
    starts.push(ms);
    repeat = (
      await time(() => startLockdown(ctx, { organizationId: org.id, siteId: site.id, reason: 'Bench drill' }))
    )[1];
    refusal = (await time(() => lockdownsOver(db, [locks[0].id], member.id)))[1];
    lifts.push((await time(() => liftLockdown(ctx, { organizationId: org.id, lockdownId: started.lockdown.id })))[1]);
  }
  const best = Math.min(...starts);
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(`lockdown of ${LOCKS} locks (${LOCKS * 2} PINs, ${LOCKS} certificates), ${RUNS} runs:`);
  console.log(
    `  start   ${starts.map(f).join(', ')}  (target < ${TARGET_MS} ms: ${best < TARGET_MS ? 'PASS' : 'FAIL'})`,
  );
  console.log(`  repeat  ${f(repeat)} (answers the active one)`);
  console.log(`  the opening's lockdown read  ${refusal.toFixed(1)} ms`);
  console.log(`  lift    ${lifts.map(f).join(', ')}`);
  await closeDb();
  if (best >= TARGET_MS) process.exitCode = 1;
}

main().catch(async (e) => {
  console.error(e);
  await closeDb();
  process.exit(1);
});

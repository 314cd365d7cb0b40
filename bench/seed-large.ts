// The benchmark's dataset, written with set-based SQL so a million rows take seconds:
// one user with 1,000 devices (a bridge with 949 locks, added as the product adds one, + 50 gates), one lock with 1,000,000 activity entries,
// one device with 200 access records, a few PINs, 1,000 access links, 2,000 people in the organization
// (verified accounts, the access grant scenario's grantees). BENCH_SIZE=large grows the organization to a big one
// (seedBigOrg: 10,000 devices, 50 groups, 5,000 access records, BENCH_ACTIVITY_ROWS activity entries over 24 months).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import {
  accessLinkDevices,
  accessLinks,
  organizationUsers,
  organizations,
  personalAccessKeys,
  users,
} from '../db/schema';
import { encode } from 'next-auth/jwt';
import { newKeyMaterial } from '../lib/auth/keys';
import { startSession } from '../lib/auth/sessions';
import { SCOPES } from '../lib/auth/scopes';
import { addBridge, checkBridge } from '../lib/domain/devices/bridges-manage';
import { encryptSecret, keyedHash, randomToken, tokenHash } from '../lib/crypto/secrets';
import { config } from '../lib/config';
import { harness } from '../lib/config/harness';

export interface BenchData {
  key: string;
  /** the bench user's organization (they own it): access links are made in it */
  organizationId: number;
  /** e-mail addresses of 2,000 members of the organization with verified accounts, on no device yet */
  personEmails: string[];
  /** the same user's portal session cookie (a session row, as a sign-in makes it) */
  sessionCookie: string;
  lockId: number;
  activityLockId: number;
  accessDeviceId: number;
  lockIds: number[];
  /** the id on the bench bridge of a lock no scenario uses (bench/bridge.ts, measureHop) */
  hopLockRemoteId: number;
  /** tokens of 1,000 access links */
  linkTokens: string[];
  depthDate: string;
  /** BENCH_SIZE=large: the organization grown to a big one (seedBigOrg) */
  big?: BigOrgData;
}

/** The dataset's size: `BENCH_SIZE=large` adds a big organization (issue 34, item 3) to the default dataset. */
export const benchSize = () => harness().BENCH_SIZE;

export interface BigOrgData {
  /** devices of the organization (all with the bench user's owner access) and locks among them */
  devices: number;
  locks: number;
  /** a lock of the big part with 1,000 access records (950 people, 50 groups) */
  accessDeviceId: number;
  groups: number;
  accessRecords: number;
  activityRows: number;
  /** an entry's date about a year back: the cursor of the deep page across devices */
  activityDepthDate: string;
  /** what each part of the big organization's seed took, in ms */
  timings: Record<string, number>;
}

export async function seedLarge(db: Db, log: (m: string) => void): Promise<BenchData> {
  const t0 = Date.now();
  const [org] = await db.insert(organizations).values({ name: 'Bench Org', timeZone: 'Europe/Warsaw' }).returning();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@bench.test`, displayName: 'Bench User', passwordHash: 'x' })
    .returning();
  await db.insert(organizationUsers).values({ organizationId: org.id, userId: user.id, role: 2 });
  const m = newKeyMaterial();
  await db.insert(personalAccessKeys).values({
    userId: user.id,
    name: 'bench',
    prefix: m.prefix,
    secretHash: m.secretHash,
    scopes: [...SCOPES],
    validTo: new Date(Date.now() + 86_400_000),
  });
  const sid = await startSession(db, user.id);
  const token = await encode({
    token: { sub: user.id, sid },
    secret: config().NEXTAUTH_SECRET ?? '',
    maxAge: 8 * 3600,
  });
  const sessionCookie = `next-auth.session-token=${token}`;

  // The bridge and its 949 locks: a virtual bridge process (bench/bridge.ts), added as an
  // administrator adds one (the address and token checked and stored encrypted, the locks taken as
  // the bridge lists them, owner access, its callback registered, their state read from it).
  const ctx = {
    db,
    now: () => new Date(),
    caller: {
      userId: user.id,
      userNumId: user.numId,
      email: user.email,
      displayName: user.displayName,
      scopes: new Set(SCOPES),
      via: 'key' as const,
    },
  };
  const bridgeAt = { address: harness().BENCH_BRIDGE_URL ?? '', token: harness().BENCH_BRIDGE_TOKEN ?? '' };
  if (!bridgeAt.address || !bridgeAt.token)
    throw new Error('BENCH_BRIDGE_URL and BENCH_BRIDGE_TOKEN: the bench bridge');
  const found = await checkBridge(ctx, org.id, { ...bridgeAt, tokenMode: 'encrypted' });
  const added = await addBridge(ctx, org.id, {
    ...bridgeAt,
    tokenMode: 'encrypted',
    name: 'Bench bridge',
    locks: found.locks.sort((a, b) => a.id - b.id).map((l) => ({ id: l.id, name: l.name })),
  });
  // 949 locks paired with the bridge + 50 gates = 1,000 devices with the bridge
  await db.execute(sql`
    insert into devices (type, organization_id, serial_number, name, time_zone, is_connected, external_id, external_name, external_type, impulse_length, icon, is_present_in_external, software_versions)
    select 5, ${org.id}, 'BENCH-GT-' || i, 'Bench gate ' || i, 'Europe/Warsaw', true, 'ext-bench-' || i, 'Gate ' || i, 'relay', 1000, 1, true, '[{"softwareType":0,"version":"3.1","updateAvailable":false}]'::jsonb
    from generate_series(1, 50) i`);
  await db.execute(sql`
    insert into device_access (device_id, principal_type, user_id, access_level)
    select id, 0, ${user.id}, 2 from devices where organization_id = ${org.id} and type = 5`);
  const lockIds = added.locks.map((l) => l.id).sort((a, b) => a - b);
  const [lockId, activityLockId, accessDeviceId] = lockIds;
  // outside the scenarios' rotation: the bench times its own calls to the bridge on it (the hop)
  const hopLock = added.locks.find((l) => l.id === lockIds[9])!;
  log(`  1,000 devices in ${Date.now() - t0} ms`);

  // 20 PINs on the first lock, stored as the PIN area stores them and held by the lock itself, as
  // the demo's are (db/seed/bridges.ts: the virtual bridge's control surface gives the lock its PINs)
  const pins: Array<{ id: number; value: string }> = [];
  for (let i = 0; i < 20; i++) {
    const value = String(24680 + i * 1013).padStart(6, '7');
    const [{ id }] = rowsOf<{ id: number }>(
      await db.execute(sql`select nextval(pg_get_serial_sequence('lock_pins', 'id'))::int as id`),
    );
    await db.execute(
      sql`insert into lock_pins (id, device_id, alias, value_ciphertext, value_hmac) values (${id}, ${lockId}, ${'PIN ' + i}, ${encryptSecret(value, 'lock_pins', id)}, ${keyedHash(value, `pin:${lockId}`)})`,
    );
    pins.push({ id, value });
  }
  await db.execute(sql`update devices set pin_list_version = 21 where id = ${lockId}`);
  const pinLock = added.locks.find((l) => l.id === lockId)!;
  const give = () =>
    fetch(`${bridgeAt.address}/control/locks/${pinLock.remoteId}`, {
      method: 'POST',
      headers: { api_token: bridgeAt.token, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'pins', pins }),
    });
  // once more on a kept-alive connection the bridge closed meanwhile (PGlite's long statements hold
  // this process's event loop, so the close may be noticed only when the connection is used again)
  const held = await give().catch(give);
  if (!held.ok) throw new Error(`the bench bridge did not take the first lock's PINs (${held.status})`);

  // 199 more users with access to one device (the owner's access makes 200 records)
  await db.execute(sql`
    insert into users (email, display_name, password_hash)
    select 'bench-guest-' || i || '-' || ${user.id} || '@bench.test', 'Guest ' || i, 'x' from generate_series(1, 199) i`);
  await db.execute(sql`
    insert into device_access (device_id, principal_type, user_id, access_level)
    select ${accessDeviceId}, 0, id, 0 from users where email like ${`bench-guest-%-${user.id}@bench.test`}`);

  // 2,000 people in the organization with verified accounts and no access yet: whom the access grant
  // scenario gives a door (a verified account gets the access at once, with a notice mail)
  const people = rowsOf<{ email: string }>(
    await db.execute(sql`
    with p as (
      insert into users (email, display_name, password_hash, email_verified_at)
      select 'bench-person-' || i || '-' || ${user.numId} || '@bench.test', 'Person ' || i, 'x', now()
      from generate_series(1, 2000) i
      returning id, email
    ), m as (insert into organization_users (organization_id, user_id, role) select ${org.id}, id, 0 from p)
    select email from p order by email`),
  );

  // 1,000,000 activity entries on one lock, one second apart, newest now
  const t1 = Date.now();
  await db.execute(sql`
    insert into device_activity (device_id, user_id, user_num_id, username, event, source, date)
    select ${activityLockId}, ${user.id}, ${user.numId}, 'Bench User', case when i % 2 = 0 then 33 else 32 end, 1,
      (now() at time zone 'utc')::timestamp(3) - (i * interval '1 second')
    from generate_series(1, 1000000) i`);
  await db.execute(sql`analyze device_activity`);
  log(`  1,000,000 activity entries in ${Date.now() - t1} ms`);
  const [depth] = rowsOf<{ d: string }>(
    await db.execute(sql`
    select to_char(date, 'YYYY-MM-DD"T"HH24:MI:SS.MS') as d from device_activity where device_id = ${activityLockId} order by date desc offset 900000 limit 1`),
  );

  // 1,000 access links of three doors each: guests of many links, as the page is used (each link and
  // each client address has its own rate limit, which one link hammered alone would measure instead)
  const linkTokens = Array.from({ length: 1000 }, () => randomToken(32));
  const linkIds = linkTokens.map(() => randomUUID());
  const window = { startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 86_400_000) };
  const links = await db
    .insert(accessLinks)
    .values(
      linkTokens.map((t, i) => ({
        id: linkIds[i],
        organizationId: org.id,
        name: `Bench link ${i}`,
        description: 'Bench doors',
        tokenHash: tokenHash(t),
        tokenCiphertext: encryptSecret(t, 'access_links', linkIds[i]),
        ...window,
      })),
    )
    .returning({ id: accessLinks.id });
  // put there by the owner of the locks, as in life: the page then judges each door by its grantor's access
  await db.insert(accessLinkDevices).values(
    links.flatMap((link, i) =>
      [0, 1, 2].map((order) => ({
        accessLinkId: link.id,
        deviceId: lockIds[(i * 3 + order) % lockIds.length],
        order,
        addedBy: user.id,
      })),
    ),
  );
  const big =
    benchSize() === 'large'
      ? await seedBigOrg(
          db,
          { orgId: org.id, userId: user.id, userNumId: user.numId, templateLockId: lockIds[1], activityLockId },
          log,
        )
      : undefined;
  // the load is written out now, not by a checkpoint in the middle of a measured run
  await db.execute(sql`checkpoint`);
  log(`  dataset ready in ${Math.round((Date.now() - t0) / 1000)} s`);
  return {
    key: m.key,
    organizationId: org.id,
    personEmails: people.map((p) => p.email),
    sessionCookie,
    lockId,
    activityLockId,
    accessDeviceId,
    lockIds: lockIds.slice(10),
    hopLockRemoteId: hopLock.remoteId,
    linkTokens,
    depthDate: depth.d,
    big,
  };
}

/** BENCH_ACTIVITY_ROWS: the big organization's activity entries (default 20,000,000). */
export const activityRows = () => harness().BENCH_ACTIVITY_ROWS;

const BIG_BRIDGES = 90;
const BIG_LOCKS_PER_BRIDGE = 99;

/**
 * Issue 34, item 3: the bench organization grown to a big one, in set-based SQL (no per-row round
 * trips). To the 1,000 devices of the default dataset it adds 90 bridges with 99 locks each (rows
 * as tests/support/factories make a lock paired with a bridge: connected, its state and settings
 * copied from a bench lock; the bridges have no address, so nothing reaches them and the bridge
 * worker leaves them alone): 10,000 devices, all with the bench user's owner access, as an
 * organization's owner holds them. The 2,000 people of the default dataset are the organization's
 * people; 50 groups of 40 of them; 5,000 access records on the new locks (1,000 of them on one lock:
 * 950 people and the 50 groups; 3,500 people's and 500 groups' records on as many other locks), so
 * the access grant scenario's targets (the bench bridge's locks) stay untouched. Then
 * BENCH_ACTIVITY_ROWS activity entries over the last 24 months, spread over the organization's
 * doors (the 1,000,000-entry lock of the default dataset aside), a month at a time.
 */
async function seedBigOrg(
  db: Db,
  b: { orgId: number; userId: string; userNumId: number; templateLockId: number; activityLockId: number },
  log: (m: string) => void,
): Promise<BigOrgData> {
  const timings: Record<string, number> = {};
  const part = async (name: string, f: () => Promise<void>) => {
    const t = Date.now();
    await f();
    timings[name] = Date.now() - t;
    log(`  big organization: ${name} in ${timings[name]} ms`);
  };
  const locks = BIG_BRIDGES * BIG_LOCKS_PER_BRIDGE;
  await part(`${BIG_BRIDGES} bridges and ${locks} locks with owner access`, async () => {
    await db.execute(sql`
      insert into devices (type, organization_id, serial_number, name, time_zone, is_connected, beacon_major, beacon_minor, was_configured, is_updating, software_versions)
      select 1, ${b.orgId}, 'BIG-BR-' || i, 'Big bridge ' || i, 'Europe/Warsaw', true, 100, 1, true, false, '[{"softwareType":0,"version":"2.2.1","updateAvailable":false}]'::jsonb
      from generate_series(1, ${BIG_BRIDGES}) i`);
    await db.execute(sql`
      with br as (select id, row_number() over (order by id) as n from devices where organization_id = ${b.orgId} and serial_number like 'BIG-BR-%')
      insert into devices (type, organization_id, serial_number, name, time_zone, software_versions, connected_to_id, beacon_major, beacon_minor,
        is_connected, state, door_state, is_charging, battery_level, state_change_result, last_state_changed_date, settings, was_configured)
      select t.type, ${b.orgId}, 'BIG-LK-' || i, 'Big lock ' || i, t.time_zone, t.software_versions, br.id, 100, 2,
        true, 6, 3, false, 20 + i % 80, 0, now(), t.settings, true
      from generate_series(1, ${locks}) i
      join br on br.n = (i - 1) / ${BIG_LOCKS_PER_BRIDGE} + 1
      cross join (select * from devices where id = ${b.templateLockId}) t`);
    await db.execute(sql`
      insert into device_access (device_id, principal_type, user_id, access_level)
      select id, 0, ${b.userId}, 2 from devices where organization_id = ${b.orgId} and (serial_number like 'BIG-BR-%' or serial_number like 'BIG-LK-%')`);
  });
  let accessDeviceId = 0;
  await part('50 groups of 40 people', async () => {
    await db.execute(sql`
      insert into user_groups (organization_id, name) select ${b.orgId}, 'Big group ' || g from generate_series(1, 50) g`);
    await db.execute(sql`
      with p as (
        select ou.id, row_number() over (order by ou.id) - 1 as n from organization_users ou
        where ou.organization_id = ${b.orgId} and ou.role = 0),
      g as (select id, row_number() over (order by name) - 1 as n from user_groups where organization_id = ${b.orgId})
      insert into user_group_members (group_id, organization_user_id, added_by)
      select g.id, p.id, ${b.userId} from p join g on g.n = p.n % 50`);
  });
  await part('5,000 access records', async () => {
    // the big part's locks numbered 0..8,909; people and groups numbered from 0
    const lockN = sql`select id, row_number() over (order by id) - 1 as n from devices where organization_id = ${b.orgId} and serial_number like 'BIG-LK-%'`;
    const peopleN = sql`select u.id, row_number() over (order by u.id) - 1 as n from organization_users ou join users u on u.id = ou.user_id where ou.organization_id = ${b.orgId} and ou.role = 0`;
    const groupN = sql`select id, row_number() over (order by name) - 1 as n from user_groups where organization_id = ${b.orgId}`;
    [{ id: accessDeviceId }] = rowsOf<{ id: number }>(
      await db.execute(
        sql`select min(id)::int as id from devices where organization_id = ${b.orgId} and serial_number like 'BIG-LK-%'`,
      ),
    );
    // one lock with 950 people and the 50 groups
    await db.execute(sql`
      insert into device_access (device_id, principal_type, user_id, access_level, created_by)
      select ${accessDeviceId}, 0, p.id, 0, ${b.userId} from (${peopleN}) p where p.n < 950`);
    await db.execute(sql`
      insert into device_access (device_id, principal_type, group_id, access_level, created_by)
      select ${accessDeviceId}, 1, g.id, 0, ${b.userId} from (${groupN}) g`);
    // 3,500 people on locks 1..3,500 and 500 groups on locks 3,600..4,099, one record each
    await db.execute(sql`
      insert into device_access (device_id, principal_type, user_id, access_level, created_by)
      select l.id, 0, p.id, 0, ${b.userId} from generate_series(0, 3499) j
      join (${lockN}) l on l.n = j + 1 join (${peopleN}) p on p.n = j % 2000`);
    await db.execute(sql`
      insert into device_access (device_id, principal_type, group_id, access_level, created_by)
      select l.id, 1, g.id, 0, ${b.userId} from generate_series(0, 499) k
      join (${lockN}) l on l.n = k + 3600 join (${groupN}) g on g.n = k % 50`);
  });

  // Activity: entry g (0 = newest) is dated now - g × step, step = 730 days / rows (unique per
  // device whatever the count, ms precision), on door g mod n of the organization's doors; inserted
  // in chunks of consecutive g, door by door within a chunk (so each door's index entries are
  // written together). The bench's bulk load goes without the row triggers (a NOTIFY per row to
  // nobody, and the device foreign key checked per row: every device id comes from devices).
  const rows = activityRows();
  const chunk = 1_000_000;
  await part(`${rows.toLocaleString('en')} activity entries`, async () => {
    // the doors numbered 0..n-1 (a table of the run: the pool's connections share no temporary table)
    await db.execute(sql`drop table if exists bench_doors`);
    await db.execute(sql`
      create unlogged table bench_doors as
      select id, (row_number() over (order by id) - 1)::int as n from devices
      where organization_id = ${b.orgId} and type in (2, 4, 5) and id <> ${b.activityLockId}`);
    const [{ n, now }] = rowsOf<{ n: number; now: string }>(
      await db.execute(
        sql`select (select count(*)::int from bench_doors) as n, to_char((now() at time zone 'utc')::timestamp(3), 'YYYY-MM-DD"T"HH24:MI:SS.MS') as now`,
      ),
    );
    const stepMs = (730 * 86_400_000) / rows;
    for (let from = 0; from < rows; from += chunk) {
      const end = Math.min(from + chunk, rows);
      const per = Math.ceil((end - from) / n);
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`
          insert into device_activity (device_id, user_id, user_num_id, username, event, source, date)
          select d.id, ${b.userId}, ${b.userNumId}, 'Bench User', case when g % 2 = 0 then 33 else 32 end, 1,
            ${now}::timestamp(3) - (g * ${stepMs}::float8 * interval '1 millisecond')
          from bench_doors d cross join lateral (select ${from}::bigint + k * ${n} + d.n as g from generate_series(0, ${per - 1}) k) e
          where g < ${end}`);
      });
      log(`    ${end.toLocaleString('en')} entries`);
    }
    await db.execute(sql`drop table bench_doors`);
  });
  await part('activity_partitions_maintain (24 months kept, 3 ahead)', async () => {
    const r = rowsOf<{ r: unknown }>(
      await db.execute(sql`select activity_partitions_maintain((now() at time zone 'utc')::timestamp, 24, 3) as r`),
    );
    log(`    ${JSON.stringify(r[0].r)}`);
  });
  await part('analyze device_activity', async () => {
    await db.execute(sql`analyze device_activity`);
  });
  const [depth] = rowsOf<{ d: string }>(
    await db.execute(sql`
      select to_char(date, 'YYYY-MM-DD"T"HH24:MI:SS.MS') as d from device_activity
      where device_id = ${accessDeviceId} and date < (now() at time zone 'utc') - interval '365 days' order by date desc limit 1`),
  );
  const [counts] = rowsOf<{ devices: number; locks: number; access: number }>(
    await db.execute(sql`
      select count(*)::int as devices, (count(*) filter (where type in (2, 4)))::int as locks,
        (select count(*)::int from device_access a join devices x on x.id = a.device_id where x.serial_number like 'BIG-LK-%' and a.access_level = 0) as access
      from devices where organization_id = ${b.orgId}`),
  );
  return {
    devices: counts.devices,
    locks: counts.locks,
    accessDeviceId,
    groups: 50,
    accessRecords: counts.access,
    activityRows: rows,
    activityDepthDate: depth?.d ?? new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 23),
    timings,
  };
}

// The benchmark's dataset, written with set-based SQL so a million rows take seconds:
// one user with 1,000 devices (a bridge with 949 locks, added as the product adds one, + 50 gates), one lock with 1,000,000 activity entries,
// one device with 200 access records, a few PINs, 1,000 access links, 2,000 people in the organization
// (verified accounts, the access grant scenario's grantees).
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
  const token = await encode({ token: { sub: user.id, sid }, secret: process.env.NEXTAUTH_SECRET!, maxAge: 8 * 3600 });
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
  const bridgeAt = { address: process.env.BENCH_BRIDGE_URL!, token: process.env.BENCH_BRIDGE_TOKEN! };
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
  };
}

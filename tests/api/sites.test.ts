import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { AccessLevel, devices } from '@/db/schema';
import { migrationsFolder } from '@/db/client';
import { anyInt } from '@/db/arrays';
import { api } from '../support/router';
import { virtualHost } from '../support/bridges';
import { createLock, db, grantUser } from '../support/factories/core';
import { createOrgLock, orgWithCast, type Cast } from '../support/factories/organization';
import { createSite } from '../support/factories/sites';

// Issue 35, item 1: sites (buildings) as an organization resource beside user groups.
let c: Cast;
const base = (cast: Cast = c) => `/api/v37/organization/${cast.org.id}/sites`;
const create = (key: string, body: Record<string, unknown>, cast: Cast = c) => api('POST', base(cast), { key, body });

beforeAll(async () => {
  c = await orgWithCast();
});

describe('sites of an organization', () => {
  it('the owner creates, lists, reads, renames and deletes a site', async () => {
    const made = await create(c.owner.key, {
      name: 'Office building',
      address: 'Main St 1',
      timeZone: 'Europe/Warsaw',
    });
    expect(made.status).toBe(200);
    const site = made.json.result;
    expect(site).toEqual({
      id: expect.any(Number),
      name: 'Office building',
      address: 'Main St 1',
      timeZone: 'Europe/Warsaw',
      deviceCount: 0,
    });
    const list = await api('GET', base(), { key: c.owner.key });
    expect(list.status).toBe(200);
    expect(list.json.result.map((s: any) => s.name)).toContain('Office building');
    const patched = await api('PATCH', `${base()}/${site.id}`, {
      key: c.owner.key,
      body: { name: 'Head office', timeZone: 'America/New_York', address: null },
    });
    expect(patched.status).toBe(204);
    const one = await api('GET', `${base()}/${site.id}`, { key: c.owner.key });
    expect(one.json.result).toMatchObject({ name: 'Head office', timeZone: 'America/New_York', address: null });
    expect((await api('DELETE', `${base()}/${site.id}`, { key: c.owner.key })).status).toBe(204);
    expect((await api('GET', `${base()}/${site.id}`, { key: c.owner.key })).status).toBe(404);
  });

  it('every change is in the audit log: created, changed (before and after), devices moved, deleted', async () => {
    const cast = await orgWithCast();
    const lock = await createOrgLock(cast.org.id, { name: 'Lobby door' });
    const made = await create(cast.admin.key, { name: 'Annex', timeZone: 'Europe/Warsaw' }, cast);
    const id = made.json.result.id;
    const patch = (body: Record<string, unknown>) => api('PATCH', `${base(cast)}/${id}`, { key: cast.admin.key, body });
    expect((await patch({ name: 'North annex', timeZone: 'Europe/Warsaw' })).status).toBe(204);
    expect((await patch({ name: 'North annex' })).status).toBe(204); // nothing changes: no entry
    const moved = await api('POST', `${base(cast)}/${id}/devices`, {
      key: cast.admin.key,
      body: { deviceIds: [lock.id] },
    });
    expect(moved.status).toBe(204);
    const other = await create(cast.admin.key, { name: 'Spare', timeZone: 'UTC' }, cast);
    expect((await api('DELETE', `${base(cast)}/${other.json.result.id}`, { key: cast.admin.key })).status).toBe(204);
    // a refused change writes nothing
    expect((await create(cast.member.key, { name: 'Nope', timeZone: 'UTC' }, cast)).status).toBe(403);
    const log = await api('GET', `/api/v37/organization/${cast.org.id}/audit`, { key: cast.owner.key });
    const items = (log.json.result as any[]).filter((i) => i.action.startsWith('site.'));
    expect(items.map((i) => [i.action, i.target.name])).toEqual([
      ['site.delete', 'Spare'],
      ['site.create', 'Spare'],
      ['site.devices', 'North annex'],
      ['site.update', 'North annex'],
      ['site.create', 'Annex'],
    ]);
    expect(items[3]).toMatchObject({
      before: { name: 'Annex' },
      after: { name: 'North annex' },
      actionName: 'Changed a site',
    });
    expect(items[2].after).toEqual({ deviceIds: [lock.id] });
    expect(items[4].actor).toMatchObject({ userId: cast.admin.numId });
  });

  it('a repeated move is idempotent: devices already in the site stay and write no entry; only the moved are named', async () => {
    const cast = await orgWithCast();
    const site = await createSite(cast.org.id, { name: 'Warehouse' });
    const first = await createOrgLock(cast.org.id, { name: 'Gate' });
    const second = await createOrgLock(cast.org.id, { name: 'Dock' });
    const move = (deviceIds: number[]) =>
      api('POST', `${base(cast)}/${site.id}/devices`, { key: cast.owner.key, body: { deviceIds } });
    expect((await move([first.id])).status).toBe(204);
    expect((await move([first.id])).status).toBe(204); // already there: the same answer, no entry
    expect((await move([first.id, second.id])).status).toBe(204); // only the second moves
    expect((await api('GET', `${base(cast)}/${site.id}`, { key: cast.owner.key })).json.result.deviceCount).toBe(2);
    const log = await api('GET', `/api/v37/organization/${cast.org.id}/audit`, { key: cast.owner.key });
    const moves = (log.json.result as any[]).filter((i) => i.action === 'site.devices');
    expect(moves.map((i) => i.after)).toEqual([{ deviceIds: [second.id] }, { deviceIds: [first.id] }]);
  });

  it('an administrator manages them; a member lists them but may not create (403)', async () => {
    const made = await create(c.admin.key, { name: 'Residence', timeZone: 'Europe/Warsaw' });
    expect(made.status).toBe(200);
    const id = made.json.result.id;
    expect((await api('PATCH', `${base()}/${id}`, { key: c.admin.key, body: { name: 'The residence' } })).status).toBe(
      204,
    );
    const seen = await api('GET', base(), { key: c.member.key });
    expect(seen.status).toBe(200);
    expect(seen.json.result.map((s: any) => s.name)).toContain('The residence');
    expect((await api('GET', `${base()}/${id}`, { key: c.member.key })).status).toBe(200);
    const refused = await create(c.member.key, { name: 'Garage', timeZone: 'UTC' });
    expect(refused.status).toBe(403);
    expect(refused.json.errorMessages.join(' ')).toMatch(/administrators/);
    expect((await api('PATCH', `${base()}/${id}`, { key: c.member.key, body: { name: 'x' } })).status).toBe(403);
    expect((await api('DELETE', `${base()}/${id}`, { key: c.member.key })).status).toBe(403);
    expect((await api('DELETE', `${base()}/${id}`, { key: c.admin.key })).status).toBe(204);
  });

  it('404 for an outsider, an unknown site and a site of another organization', async () => {
    const s = (await create(c.owner.key, { name: `Probe ${Date.now()}`, timeZone: 'UTC' })).json.result;
    expect((await api('GET', base(), { key: c.outsider.key })).status).toBe(404);
    expect((await api('GET', `${base()}/${s.id}`, { key: c.outsider.key })).status).toBe(404);
    expect((await create(c.outsider.key, { name: 'Mine', timeZone: 'UTC' })).status).toBe(404);
    expect((await api('GET', `${base()}/2147483647`, { key: c.owner.key })).status).toBe(404);
    const theirs = (
      await api('POST', `/api/v37/organization/${c.other.id}/sites`, {
        key: c.outsider.key,
        body: { name: 'Theirs', timeZone: 'UTC' },
      })
    ).json.result;
    expect((await api('GET', `${base()}/${theirs.id}`, { key: c.owner.key })).status).toBe(404);
    expect((await api('DELETE', `${base()}/${theirs.id}`, { key: c.owner.key })).status).toBe(404);
  });

  it('a time zone that is not an IANA name is 400; a name is needed', async () => {
    const bad = await create(c.owner.key, { name: 'Somewhere', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.json.errorMessages.join(' ')).toMatch(/timeZone/);
    expect((await create(c.owner.key, { name: '   ', timeZone: 'UTC' })).status).toBe(400);
    expect((await create(c.owner.key, { name: 'No zone' })).status).toBe(400);
    const s = (await create(c.owner.key, { name: `Zoned ${Date.now()}`, timeZone: 'UTC' })).json.result;
    expect((await api('PATCH', `${base()}/${s.id}`, { key: c.owner.key, body: { timeZone: 'Nowhere' } })).status).toBe(
      400,
    );
  });

  it('names are unique per organization regardless of case (409), not across organizations', async () => {
    expect((await create(c.owner.key, { name: 'Warehouse', timeZone: 'UTC' })).status).toBe(200);
    const twice = await create(c.owner.key, { name: 'WAREHOUSE', timeZone: 'UTC' });
    expect(twice.status).toBe(409);
    // named as the name's, as a validation message is: a form says it under the name
    expect(twice.json.errorMessages).toEqual(['name: A site named "WAREHOUSE" already exists in this organization.']);
    const other = (await create(c.owner.key, { name: 'Depot', timeZone: 'UTC' })).json.result;
    expect(
      (await api('PATCH', `${base()}/${other.id}`, { key: c.owner.key, body: { name: 'warehouse' } })).status,
    ).toBe(409);
    const elsewhere = await api('POST', `/api/v37/organization/${c.other.id}/sites`, {
      key: c.outsider.key,
      body: { name: 'Warehouse', timeZone: 'UTC' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('devices move into a site; a site with devices is not deleted (409) until they are moved', async () => {
    const a = (await create(c.owner.key, { name: 'Building A', timeZone: 'UTC' })).json.result;
    const b = (await create(c.owner.key, { name: 'Building B', timeZone: 'UTC' })).json.result;
    const lock = await createOrgLock(c.org.id);
    const moved = await api('POST', `${base()}/${a.id}/devices`, { key: c.admin.key, body: { deviceIds: [lock.id] } });
    expect(moved.status).toBe(204);
    expect((await api('GET', `${base()}/${a.id}`, { key: c.owner.key })).json.result.deviceCount).toBe(1);
    const refused = await api('DELETE', `${base()}/${a.id}`, { key: c.owner.key });
    expect(refused.status).toBe(409);
    expect(refused.json.errorMessages.join(' ')).toMatch(/Move it to another site first/);
    expect(
      (await api('POST', `${base()}/${b.id}/devices`, { key: c.owner.key, body: { deviceIds: [lock.id] } })).status,
    ).toBe(204);
    expect((await api('DELETE', `${base()}/${a.id}`, { key: c.owner.key })).status).toBe(204);
    const [row] = await (await db()).select({ siteId: devices.siteId }).from(devices).where(eq(devices.id, lock.id));
    expect(row.siteId).toBe(b.id);
  });

  it("another organization's device (or none) is 400 naming the ids, and nothing moves; a member may not move (403)", async () => {
    const s = (await create(c.owner.key, { name: 'Annex', timeZone: 'UTC' })).json.result;
    const mine = await createOrgLock(c.org.id);
    const theirs = await createOrgLock(c.other.id);
    const loose = await createLock({ organizationId: null });
    const r = await api('POST', `${base()}/${s.id}/devices`, {
      key: c.owner.key,
      body: { deviceIds: [mine.id, theirs.id, loose.id] },
    });
    expect(r.status).toBe(400);
    expect(r.json.errorMessages.join(' ')).toContain(`${theirs.id}, ${loose.id}`);
    expect(r.json.errorMessages.join(' ')).not.toContain(`${mine.id},`);
    expect((await api('GET', `${base()}/${s.id}`, { key: c.owner.key })).json.result.deviceCount).toBe(0);
    expect((await api('POST', `${base()}/${s.id}/devices`, { key: c.owner.key, body: { deviceIds: [] } })).status).toBe(
      400,
    );
    expect(
      (await api('POST', `${base()}/${s.id}/devices`, { key: c.member.key, body: { deviceIds: [mine.id] } })).status,
    ).toBe(403);
  });

  it('needs an Organization scope to read (403 without) and ReadWrite to write', async () => {
    expect((await api('GET', base(), { key: await c.owner.keyWith(['Device.Read']) })).status).toBe(403);
    const ro = await c.owner.keyWith(['Organization.Read']);
    expect((await api('GET', base(), { key: ro })).status).toBe(200);
    expect((await create(ro, { name: 'Read only', timeZone: 'UTC' })).status).toBe(403);
    expect((await api('GET', base())).status).toBe(401);
  });
});

describe("a device's site in its details", () => {
  it('siteId in GET /my/lock/{id} and /my/device/details: the site, or null', async () => {
    const s = await createSite(c.org.id);
    const lock = await createOrgLock(c.org.id);
    await grantUser(lock.id, c.owner.id, AccessLevel.owner);
    const before = await api('GET', `/api/v37/my/lock/${lock.id}`, { key: c.owner.key });
    expect(before.status).toBe(200);
    expect(before.json.result.siteId).toBeNull();
    await api('POST', `${base()}/${s.id}/devices`, { key: c.owner.key, body: { deviceIds: [lock.id] } });
    expect((await api('GET', `/api/v37/my/lock/${lock.id}`, { key: c.owner.key })).json.result.siteId).toBe(s.id);
    const details = await api('GET', '/api/v37/my/device/details', { key: c.owner.key });
    expect(details.json.result.locks.find((l: any) => l.id === lock.id).siteId).toBe(s.id);
  });
});

describe('a bridge added to an organization', () => {
  async function addBridge(cast: Cast) {
    const token = randomUUID().slice(0, 12);
    const hw = (await virtualHost()).add({
      serialNumber: `RB-${randomUUID().slice(0, 8)}`,
      name: 'Bridge',
      token,
      locks: [{ serialNumber: `RL-${randomUUID().slice(0, 8)}`, name: 'Lock', type: 2, state: 6 }],
    });
    const add = await api('POST', `/api/v37/organization/${cast.org.id}/bridge`, {
      key: cast.owner.key,
      body: { address: hw.baseUrl.replace('http://', ''), token, locks: [{ id: 1, name: 'Door' }] },
    });
    expect(add.status).toBe(201);
    const ids = [add.json.result.id, add.json.result.locks[0].id];
    return (await db())
      .select({ siteId: devices.siteId, timeZone: devices.timeZone })
      .from(devices)
      .where(anyInt(devices.id, ids));
  }

  it("goes with its locks into the organization's only site, in its zone; with two sites, into none", async () => {
    const one = await orgWithCast();
    const site = await createSite(one.org.id, { timeZone: 'America/New_York' });
    expect(await addBridge(one)).toEqual([
      { siteId: site.id, timeZone: 'America/New_York' },
      { siteId: site.id, timeZone: 'America/New_York' },
    ]);
    const two = await orgWithCast();
    await createSite(two.org.id);
    await createSite(two.org.id);
    expect((await addBridge(two)).map((d) => d.siteId)).toEqual([null, null]);
  });
});

/** A database of its own, empty, for one migration test: PGlite in memory, or one made on the Postgres server. */
async function scratchDb() {
  const shared = config().DATABASE_URL;
  if (!shared) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite('memory://');
    const d = drizzle(client);
    return {
      migrate: (folder: string) => migrate(d, { migrationsFolder: folder }),
      exec: async (text: string) => void (await client.exec(text)),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const postgres = (await import('postgres')).default;
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const name = `sites_migration_${process.pid}`;
  const at = (db: string) => {
    const url = new URL(shared);
    url.pathname = `/${db}`;
    return postgres(url.toString(), { max: 1, onnotice: () => {} });
  };
  const admin = at('postgres');
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const client = at(name);
  const d = drizzle(client);
  return {
    migrate: (folder: string) => migrate(d, { migrationsFolder: folder }),
    exec: async (text: string) => void (await client.unsafe(text)),
    rows: async <T>(text: string) => (await client.unsafe(text)) as unknown as T[],
    close: async () => {
      await client.end();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0023: every organization gets one site with its devices', () => {
  // a database of its own migrated to 0022, given organizations and devices, then to 0023
  it("names the site after the organization, in its first device's zone", async () => {
    const before = mkdtempSync(path.join(os.tmpdir(), 'sites-migration-'));
    const scratch = await scratchDb();
    try {
      cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = path.join(before, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0023');
      writeFileSync(journalPath, JSON.stringify(journal));
      await scratch.migrate(before);
      await scratch.exec(`
        insert into organizations (id, name, time_zone) values (1, 'Acme', 'UTC'), (2, '  ', 'Europe/Paris');
        insert into devices (type, organization_id, serial_number, name, time_zone)
          values (1, 1, 'A-1', 'Front', 'Europe/Warsaw'), (2, 1, 'A-2', 'Back', 'Asia/Tokyo'), (1, null, 'N-1', 'Loose', 'UTC');`);
      await scratch.migrate(migrationsFolder);
      const made = await scratch.rows<{ organization_id: number; name: string; time_zone: string; id: number }>(
        'select id, organization_id, name, time_zone from sites order by organization_id',
      );
      expect(made.map(({ id: _, ...r }) => r)).toEqual([
        { organization_id: 1, name: 'Acme', time_zone: 'Europe/Warsaw' },
        { organization_id: 2, name: 'Main site', time_zone: 'Europe/Paris' },
      ]);
      const placed = await scratch.rows<{ serial_number: string; site_id: number | null }>(
        'select serial_number, site_id from devices order by serial_number',
      );
      const acme = made[0].id;
      expect(placed.map((r) => ({ ...r }))).toEqual([
        { serial_number: 'A-1', site_id: acme },
        { serial_number: 'A-2', site_id: acme },
        { serial_number: 'N-1', site_id: null },
      ]);
    } finally {
      await scratch.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});

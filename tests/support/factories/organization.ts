import { randomUUID } from 'node:crypto';
import { DeviceType, devices, organizationInvitations, simExternalGates } from '@/db/schema';
import { api } from '../router';
import { addOrgUser, createBridge, createLock, createOrg, createUser, db, type TestUser } from './core';

/** An organization with one user per role, plus an outsider who belongs to another organization. */
export async function orgWithCast(opts: { timeZone?: string } = {}) {
  const org = await createOrg({ timeZone: opts.timeZone });
  const [owner, admin, member, outsider] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  const ownerOuId = await addOrgUser(org.id, owner.id, 2);
  const adminOuId = await addOrgUser(org.id, admin.id, 1);
  const memberOuId = await addOrgUser(org.id, member.id, 0);
  const other = await createOrg();
  const outsiderOuId = await addOrgUser(other.id, outsider.id, 2);
  return {
    org,
    other,
    owner,
    admin,
    member,
    outsider,
    ouIds: { owner: ownerOuId, admin: adminOuId, member: memberOuId, outsider: outsiderOuId },
  };
}

export type Cast = Awaited<ReturnType<typeof orgWithCast>>;
export type Role = 'owner' | 'admin' | 'member' | 'outsider';
export const roleUser = (c: Cast, r: Role): TestUser => c[r];

/** The owner makes the cast's organization administrator a member again, through the API (PUT .../removeadmin). */
export const ownerDemotesAdmin = (c: Pick<Cast, 'org' | 'owner' | 'ouIds'>) =>
  api('PUT', `/api/v37/organization/${c.org.id}/removeadmin`, {
    key: c.owner.key,
    body: { organizationUserId: c.ouIds.admin },
  });

/** A gate of the organization, present and connected in the (simulated) external gate system. */
export async function createGate(
  organizationId: number | null,
  over: Partial<typeof devices.$inferInsert> = {},
  external = { isConnected: true },
) {
  const d = await db();
  const ext = `EXT-${Math.random().toString(36).slice(2, 10)}`;
  await d.insert(simExternalGates).values({
    externalId: ext,
    name: `External ${ext}`,
    type: 'barrier',
    impulseLength: 1000,
    firmware: '3.1.0',
    isConnected: external.isConnected,
  });
  const [g] = await d
    .insert(devices)
    .values({
      type: DeviceType.gate,
      organizationId,
      serialNumber: `GT-${ext}`,
      name: `Gate ${ext}`,
      timeZone: 'Europe/Warsaw',
      externalId: ext,
      externalName: `External ${ext}`,
      externalType: 'barrier',
      impulseLength: 1000,
      icon: 1,
      isConnected: true,
      isPresentInExternal: true,
      softwareVersions: [{ softwareType: 0, version: '3.1.0', updateAvailable: true }],
      ...over,
    })
    .returning();
  return g;
}

/** A lock of the organization, paired with a connected bridge so it can be unlocked. */
export async function createOrgLock(organizationId: number | null, over: Parameters<typeof createLock>[0] = {}) {
  const bridge = await createBridge({ organizationId });
  return createLock({ bridge, organizationId, ...over });
}

/** A link window of a week from now: links of administrators need an end (only the organization's owner makes permanent ones). */
export const aWeek = () => ({
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

/** An open invitation of an organization, sent two minutes ago (so it may be resent now). */
export async function openInvitation(organizationId: number, email = `invited-${randomUUID().slice(0, 8)}@test.local`) {
  const [inv] = await (await db())
    .insert(organizationInvitations)
    .values({
      organizationId,
      email,
      role: 0,
      sentAt: new Date(Date.now() - 120_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return inv;
}

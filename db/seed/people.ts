import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizationUsers, organizations, userGroupMembers, userGroups, users } from '../schema';
import { DEMO_HISTORY_DAYS, type DemoIds } from './types';

export const DEMO_ORG = { name: 'Demo Property Management', timeZone: 'Europe/Warsaw' };
export const DEMO_PASSWORD = 'demo-password';

/** role in the organization: 2 owner, 1 administrator, 0 member, null = not a member */
export const DEMO_USERS = [
  { email: 'owner@demo.test', displayName: 'Olivia Owner', role: 2 },
  { email: 'admin@demo.test', displayName: 'Adam Admin', role: 1 },
  { email: 'member@demo.test', displayName: 'Maria Member', role: 0 },
  { email: 'guest@demo.test', displayName: 'Gustav Guest', role: null },
  { email: 'outsider@demo.test', displayName: 'Oscar Outsider', role: null },
] as const;

/** Group name -> members' e-mails. Access comes through the group (see access.ts). */
export const DEMO_GROUPS: Record<string, string[]> = {
  'Cleaning staff': ['member@demo.test'],
  Maintenance: ['admin@demo.test'],
};

/** Users, the organization, its members and groups. Each row is created only when missing. */
export async function seedPeople(
  db: Db,
  passwordHash: string,
  now: Date,
): Promise<Omit<DemoIds, 'devices' | 'accessLinks'>> {
  const emails = DEMO_USERS.map((u) => u.email);
  await db
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        displayName: u.displayName,
        passwordHash,
        emailVerifiedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  const userRows = await db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(userRows.map((u) => [u.email.toLowerCase(), u]));

  let [org] = await db.select().from(organizations).where(eq(organizations.name, DEMO_ORG.name)).limit(1);
  org ??= (await db.insert(organizations).values(DEMO_ORG).returning())[0];

  const members = DEMO_USERS.filter((u) => u.role !== null).map((u) => ({
    organizationId: org.id,
    userId: byEmail.get(u.email)!.id,
    role: u.role!,
  }));
  await db.insert(organizationUsers).values(members).onConflictDoNothing();
  const ouRows = await db.select().from(organizationUsers).where(eq(organizationUsers.organizationId, org.id));
  const ouByUser = new Map(ouRows.map((r) => [r.userId, r.id]));

  const groups: Record<string, string> = {};
  for (const [name, memberEmails] of Object.entries(DEMO_GROUPS)) {
    let [g] = await db
      .select()
      .from(userGroups)
      .where(and(eq(userGroups.organizationId, org.id), eq(userGroups.name, name)))
      .limit(1);
    g ??= (await db.insert(userGroups).values({ organizationId: org.id, name }).returning())[0];
    groups[name] = g.id;
    // members since the year of activity the demo has (a guest's log starts when their access did)
    const rows = memberEmails.map((e) => ({
      groupId: g.id,
      organizationUserId: ouByUser.get(byEmail.get(e)!.id)!,
      created: new Date(now.getTime() - DEMO_HISTORY_DAYS * 24 * 3600_000),
    }));
    await db.insert(userGroupMembers).values(rows).onConflictDoNothing();
  }

  const out: DemoIds['users'] = {};
  for (const u of DEMO_USERS) {
    const row = byEmail.get(u.email)!;
    out[u.email] = {
      id: row.id,
      numId: row.numId,
      displayName: row.displayName,
      organizationUserId: ouByUser.get(row.id) ?? null,
    };
  }
  return { organizationId: org.id, users: out, groups };
}

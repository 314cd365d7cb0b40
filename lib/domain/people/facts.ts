import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { withCustomPlan } from '@/db/custom-plan';
import { deviceActivity, deviceCertificates, lockPins, mobiles, personalAccessKeys } from '@/db/schema';
import { eventInfo } from '@/lib/shared/devices/codes';
import type { Ctx } from '../context';
import type { OrgDoors } from './people';
import {
  decideOrg,
  decidePersonFact,
  maySeePersonalKeys,
  type PersonFact,
  type SecondFactorFacts,
} from '@/lib/shared/policy';
import { anyInt, anyUuid } from '@/db/arrays';
import { iso, type Window, windowOf } from './window';

/**
 * What a person page shows of a person besides their doors (issue 33): the PINs they made, their
 * phones' offline certificates, their personal access keys, their latest activity and the access
 * links sent to them, each limited by lib/shared/policy to what the viewer may see
 * (decidePersonFact per door, decideOrg for links and the audit, maySeePersonalKeys). Never a
 * secret: no PIN value, no key secret, no link URL.
 */

export const ACTIVITY_SHOWN = 10;
const ROWS_SHOWN = 50;

export interface PersonPin extends Window {
  pinId: number;
  alias: string;
  deviceId: number;
  deviceName: string;
  timeZone: string;
  /** by its dates now: notStarted, active, ended */
  state: 'notStarted' | 'active' | 'ended';
  lastUsedAt: string | null;
}

export interface PersonPhone {
  mobileId: string;
  mobileName: string;
  operatingSystem: number;
  deviceId: number;
  deviceName: string;
  timeZone: string;
  issuedAt: string;
  expirationDate: string;
  state: 'valid' | 'expired' | 'revoked';
}

export interface PersonKey {
  name: string;
  scopes: string[];
  validTo: string;
  lastUsedAt: string | null;
  state: 'active' | 'expired';
}

export interface PersonActivity {
  id: number;
  deviceId: number;
  deviceName: string;
  timeZone: string;
  date: string;
  event: number;
  eventName: string;
  source: number;
}

export interface PersonLink extends Window {
  linkId: string;
  name: string;
  /** the last time the link was sent to the person's address, and by whom */
  sentAt: string;
  sentBy: string;
  doors: { deviceId: number; name: string; timeZone: string }[];
}

export interface PersonFacts {
  pins: PersonPin[];
  phones: PersonPhone[];
  keys?: PersonKey[];
  activity: PersonActivity[];
  links: PersonLink[];
  /** whether each part was shown to the viewer at all (false: left out, not "none") */
  shown: { pins: boolean; phones: boolean; keys: boolean; activity: boolean; links: boolean; audit: boolean };
}

/** How many of a person's entries are read at a time, and at most, looking for their latest on the viewer's doors. */
const ENTRIES_AT_ONCE = 200;
const ENTRIES_AT_MOST = 5_000;

/**
 * A person's latest entries on these doors, newest first: their entries are read newest first by
 * their own index, a batch at a time, and kept where the door is one of these. Asking Postgres for
 * "theirs among 10,000 doors" instead had no plan good for both a person with three million entries
 * and one with three (the one plan a statement gets here ran past the statement timeout on a big
 * organization, issue 34). Past ENTRIES_AT_MOST entries on other doors, what was found is what is shown.
 */
async function latestEntries(ctx: Ctx, userId: string, doors: Set<number>) {
  const found: { id: number; deviceId: number; date: Date; event: number; source: number }[] = [];
  let before: { date: string; id: number } | undefined;
  for (let read = 0; found.length < ACTIVITY_SHOWN && read < ENTRIES_AT_MOST; read += ENTRIES_AT_ONCE) {
    // planned for this person: the one plan a connection keeps read, for a person without entries,
    // through every entry of the statistics' most common author
    const batch = await withCustomPlan(ctx.db, (tx) =>
      tx
        .select({
          id: deviceActivity.id,
          deviceId: deviceActivity.deviceId,
          date: deviceActivity.date,
          event: deviceActivity.event,
          source: deviceActivity.source,
        })
        .from(deviceActivity)
        .where(
          and(
            eq(deviceActivity.userId, userId),
            // older than the batch before: its date by the index, ties by id
            before
              ? sql`${deviceActivity.date} <= ${before.date}::timestamp(3) and (${deviceActivity.date} < ${before.date}::timestamp(3) or ${deviceActivity.id} < ${before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(deviceActivity.date), desc(deviceActivity.id))
        .limit(ENTRIES_AT_ONCE),
    );
    for (const e of batch) if (doors.has(e.deviceId) && found.length < ACTIVITY_SHOWN) found.push(e);
    if (batch.length < ENTRIES_AT_ONCE) break;
    const last = batch[batch.length - 1];
    before = { date: last.date.toISOString().replace('T', ' ').replace('Z', ''), id: last.id };
  }
  return found;
}

export async function personFacts(
  ctx: Ctx,
  organizationId: number,
  /** the organization's doors and the viewer's say on each (people.ts orgDoors, for PERSON_FACT_ACTIONS) */
  org: OrgDoors,
  viewer: { role: number; factor?: SecondFactorFacts },
  person: { userId: string | null; email: string },
): Promise<PersonFacts> {
  const { now, seen } = org;
  const self = person.userId === ctx.caller.userId;
  const doors = org.doors.map((d) => ({ id: d.deviceId, name: d.name, timeZone: d.timeZone }));
  const byId = new Map(doors.map((d) => [d.id, d]));
  const allowed = (fact: PersonFact) =>
    doors.filter((d) => seen.passes(d.id, (a) => decidePersonFact(fact, a, now, self).ok)).map((d) => d.id);
  const pinDoors = allowed('pins');
  const phoneDoors = allowed('phones');
  const activityDoors = allowed('activity');
  const linksShown = decideOrg('manageLinks', viewer.role, viewer.factor).ok;
  const keysShown = maySeePersonalKeys(self);
  const uid = person.userId;

  const pins: PersonPin[] =
    uid && pinDoors.length
      ? (
          await ctx.db
            .select()
            .from(lockPins)
            .where(and(eq(lockPins.createdBy, uid), anyInt(lockPins.deviceId, pinDoors)))
            .orderBy(lockPins.alias, lockPins.id)
            .limit(ROWS_SHOWN)
        ).map((p) => {
          const d = byId.get(p.deviceId)!;
          return {
            pinId: p.id,
            alias: p.alias,
            deviceId: p.deviceId,
            deviceName: d.name,
            timeZone: d.timeZone,
            ...windowOf(p),
            state: p.endDate && p.endDate <= now ? 'ended' : p.startDate && p.startDate > now ? 'notStarted' : 'active',
            lastUsedAt: iso(p.lastUsedAt),
          };
        })
      : [];

  // the newest certificate of each phone on each door
  const phones: PersonPhone[] =
    uid && phoneDoors.length
      ? (
          await ctx.db
            .selectDistinctOn([deviceCertificates.mobileId, deviceCertificates.deviceId], {
              c: deviceCertificates,
              m: { publicId: mobiles.publicId, name: mobiles.name, os: mobiles.operatingSystem },
            })
            .from(deviceCertificates)
            .innerJoin(mobiles, eq(mobiles.id, deviceCertificates.mobileId))
            .where(
              and(
                eq(deviceCertificates.userId, uid),
                isNull(mobiles.deletedAt),
                anyInt(deviceCertificates.deviceId, phoneDoors),
              ),
            )
            .orderBy(deviceCertificates.mobileId, deviceCertificates.deviceId, desc(deviceCertificates.issuedAt))
            .limit(ROWS_SHOWN)
        )
          .map(({ c, m }) => {
            const d = byId.get(c.deviceId)!;
            return {
              mobileId: m.publicId,
              mobileName: m.name,
              operatingSystem: m.os,
              deviceId: c.deviceId,
              deviceName: d.name,
              timeZone: d.timeZone,
              issuedAt: c.issuedAt.toISOString(),
              expirationDate: c.expirationDate.toISOString(),
              state: c.revokedAt ? 'revoked' : c.expirationDate <= now ? 'expired' : 'valid',
            } satisfies PersonPhone;
          })
          .sort((a, b) => a.mobileName.localeCompare(b.mobileName) || a.deviceName.localeCompare(b.deviceName))
      : [];

  const keys: PersonKey[] | undefined =
    keysShown && uid
      ? (
          await ctx.db
            .select({
              name: personalAccessKeys.name,
              scopes: personalAccessKeys.scopes,
              validTo: personalAccessKeys.validTo,
              lastUsedAt: personalAccessKeys.lastUsedAt,
            })
            .from(personalAccessKeys)
            .where(and(eq(personalAccessKeys.userId, uid), isNull(personalAccessKeys.revokedAt)))
            .orderBy(personalAccessKeys.name)
            .limit(ROWS_SHOWN)
        ).map((k) => ({
          name: k.name,
          scopes: [...k.scopes].sort(),
          validTo: k.validTo.toISOString(),
          lastUsedAt: iso(k.lastUsedAt),
          state: k.validTo <= now ? 'expired' : 'active',
        }))
      : undefined;

  const activity: PersonActivity[] =
    uid && activityDoors.length
      ? (await latestEntries(ctx, uid, new Set(activityDoors))).map((a) => {
          const d = byId.get(a.deviceId)!;
          return {
            id: a.id,
            deviceId: a.deviceId,
            deviceName: d.name,
            timeZone: d.timeZone,
            date: a.date.toISOString(),
            event: a.event,
            eventName: eventInfo(a.event).name,
            source: a.source,
          };
        })
      : [];

  // links are bearer links: the only record of a person is the audit of the link mailed to their address
  const links: PersonLink[] = [];
  if (linksShown) {
    const sent = rowsOf<{
      id: string;
      name: string;
      start_date: string | null;
      end_date: string | null;
      day_start_time: string | null;
      day_end_time: string | null;
      week_days: number | null;
      sent_at: string;
      sent_by: string;
    }>(
      await ctx.db.execute(sql`
        select l.id, l.name, l.start_date, l.end_date, l.day_start_time, l.day_end_time, l.week_days,
               s.at as sent_at, s.actor_name as sent_by
        from (select distinct on (target_id) target_id, at, actor_name from audit_log
              where organization_id = ${organizationId} and action = 'link.send'
                and lower(after->>'to') = lower(${person.email})
              order by target_id, at desc, id desc) s
        join access_links l on l.id::text = s.target_id and l.organization_id = ${organizationId}
        order by s.at desc
        limit ${ROWS_SHOWN}`),
    );
    const linkDoors = sent.length
      ? rowsOf<{ link_id: string; device_id: number; name: string; time_zone: string }>(
          await ctx.db.execute(sql`
            select ald.access_link_id as link_id, d.id as device_id, d.name, d.time_zone
            from access_link_devices ald join devices d on d.id = ald.device_id
            where ${anyUuid(
              sql`ald.access_link_id`,
              sent.map((s) => s.id),
            )}
            order by ald."order", d.name`),
        )
      : [];
    const at = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
    for (const s of sent)
      links.push({
        linkId: s.id,
        name: s.name,
        sentAt: at(s.sent_at)!,
        sentBy: s.sent_by,
        startDate: at(s.start_date),
        endDate: at(s.end_date),
        dayStartTime: at(s.day_start_time),
        dayEndTime: at(s.day_end_time),
        weekDays: s.week_days == null ? null : Number(s.week_days),
        doors: linkDoors
          .filter((d) => d.link_id === s.id)
          .map((d) => ({ deviceId: Number(d.device_id), name: d.name, timeZone: d.time_zone })),
      });
  }

  return {
    pins,
    phones,
    ...(keys ? { keys } : {}),
    activity,
    links,
    shown: {
      pins: pinDoors.length > 0,
      phones: phoneDoors.length > 0,
      keys: keys !== undefined,
      activity: activityDoors.length > 0,
      links: linksShown,
      audit: decideOrg('seeAudit', viewer.role, viewer.factor).ok,
    },
  };
}

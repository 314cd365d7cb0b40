import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { devices, notificationDevicePrefs, notificationSettings, notificationUnsubscribe } from '@/db/schema';
import { tokenHash } from '@/lib/crypto/secrets';
import type { BaseCtx, Ctx } from '../context';
import { Forbidden, NotFound } from '../errors';
import { effectiveAccess } from '../access/effective';
import { Level, may } from '@/lib/shared/policy';
import { spend } from '../ratelimit';
import { clientKey } from '../signup/limit';
import { KIND_LABEL, kindsOfType, NOTIFICATION_KINDS, type NotificationKind } from '@/lib/shared/notifications/kinds';
import { anyInt } from '@/db/arrays';

/** Unsubscribe clicks per client address: a person clicks a few; 30 in 10 minutes is a script. */
export const UNSUBSCRIBE_LIMIT = { max: 30, windowSeconds: 600 };

/** A kind on or off; per device, null means "as my setting for the kind". */
type KindMap<T> = Record<NotificationKind, T>;

export interface NotificationPreferences {
  /** one mail a day with everything instead of one mail per event */
  digest: boolean;
  kinds: KindMap<boolean>;
  /** the devices the caller manages (owner or administrator), with the choices made for each */
  /** the kinds that can happen on each (a bridge: offline; a lock: jammed, battery, door, keypad) */
  devices: Array<{ deviceId: number; name: string; kinds: NotificationKind[]; overrides: Partial<KindMap<boolean>> }>;
  labels: KindMap<string>;
}

const kindEnum = z.enum(NOTIFICATION_KINDS, { error: `must be one of: ${NOTIFICATION_KINDS.join(', ')}` });

export const putBody = z
  .object({
    digest: z.boolean().optional(),
    kinds: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
          NotificationKind,
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .optional(),
    devices: z
      .array(
        z.strictObject({
          deviceId: z.number().int().positive().max(2_147_483_647),
          kind: kindEnum,
          enabled: z.boolean().nullable(),
        }),
      )
      .max(500, 'at most 500 choices at once')
      .optional(),
  })
  .strict()
  .refine((b) => b.digest !== undefined || b.kinds !== undefined || b.devices !== undefined, {
    message: 'nothing to change: give digest, kinds or devices',
  });
export type PutNotificationPreferences = z.infer<typeof putBody>;

/** The devices a person manages: owner or administrator (whatever the schedule: mails come inside it). */
async function managedDevices(ctx: BaseCtx, userId: string): Promise<Map<number, { name: string; type: number }>> {
  const acc = await effectiveAccess(ctx.db, userId, ctx.now());
  const ids = [...acc.values()]
    .filter((a) => a.accessLevel === Level.owner || a.accessLevel === Level.administrator)
    .map((a) => a.deviceId);
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: devices.id, name: devices.name, type: devices.type })
    .from(devices)
    .where(anyInt(devices.id, ids))
    .orderBy(asc(devices.name), asc(devices.id));
  return new Map(rows.map((r) => [r.id, { name: r.name, type: r.type }]));
}

export async function getNotificationPreferences(ctx: Ctx): Promise<NotificationPreferences> {
  const userId = ctx.caller.userId;
  const [settings] = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const managed = await managedDevices(ctx, userId);
  const prefs = managed.size
    ? await ctx.db
        .select()
        .from(notificationDevicePrefs)
        .where(
          and(
            eq(notificationDevicePrefs.userId, userId),
            anyInt(notificationDevicePrefs.deviceId, [...managed.keys()]),
          ),
        )
    : [];
  const off = new Set(settings?.offKinds ?? []);
  return {
    digest: settings?.digest ?? false,
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as KindMap<boolean>,
    devices: [...managed]
      .filter(([, d]) => kindsOfType(d.type).length)
      .map(([deviceId, { name, type }]) => ({
        deviceId,
        name,
        kinds: kindsOfType(type),
        overrides: Object.fromEntries(
          NOTIFICATION_KINDS.flatMap((k) =>
            prefs.filter((p) => p.deviceId === deviceId && p.kind === k).map((p) => [k, p.enabled]),
          ),
        ),
      })),
    labels: { ...KIND_LABEL },
  };
}

export async function putNotificationPreferences(
  ctx: Ctx,
  body: PutNotificationPreferences,
): Promise<NotificationPreferences> {
  const userId = ctx.caller.userId;
  if (body.devices?.length) {
    const managed = await managedDevices(ctx, userId);
    const others = body.devices.map((d) => d.deviceId).filter((id) => !managed.has(id));
    if (others.length) {
      // a device the caller cannot see does not exist for them (404: ids cannot be probed); one they
      // see without managing it (a guest) is refused (403)
      const acc = await effectiveAccess(ctx.db, userId, ctx.now(), others);
      if (others.some((id) => !may('see', acc.get(id), ctx.now()))) throw NotFound('Device');
      throw Forbidden('Only owners and administrators of a device choose its notification mails.');
    }
  }
  await ctx.db.transaction(async (tx) => {
    if (body.digest !== undefined || body.kinds) {
      const [cur] = await tx
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .for('update');
      const off = new Set(cur?.offKinds ?? []);
      for (const [k, on] of Object.entries(body.kinds ?? {})) {
        if (on) off.delete(k);
        else off.add(k);
      }
      const values = {
        digest: body.digest ?? cur?.digest ?? false,
        offKinds: NOTIFICATION_KINDS.filter((k) => off.has(k)),
        updated: ctx.now(),
      };
      await tx
        .insert(notificationSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    }
    for (const d of body.devices ?? []) {
      const key = and(
        eq(notificationDevicePrefs.userId, userId),
        eq(notificationDevicePrefs.deviceId, d.deviceId),
        eq(notificationDevicePrefs.kind, d.kind),
      );
      if (d.enabled === null) await tx.delete(notificationDevicePrefs).where(key);
      else
        await tx
          .insert(notificationDevicePrefs)
          .values({ userId, deviceId: d.deviceId, kind: d.kind, enabled: d.enabled })
          .onConflictDoUpdate({
            target: [notificationDevicePrefs.userId, notificationDevicePrefs.deviceId, notificationDevicePrefs.kind],
            set: { enabled: d.enabled },
          });
    }
  });
  return getNotificationPreferences(ctx);
}

/** How long an unsubscribe link works. */
export const UNSUBSCRIBE_TTL_MS = 90 * 24 * 3600_000;

/**
 * The one click of a mail's unsubscribe link: turns the kind off for the person, everywhere (also
 * on devices where they had turned it on). No sign-in: the token is the proof. A second click says
 * the same again.
 */
export async function unsubscribe(
  ctx: BaseCtx,
  token: string,
  client: string,
): Promise<{ kind: NotificationKind; label: string }> {
  const now = ctx.now();
  // a public page that writes: each client address gets a budget, so nobody can make it a load generator
  await spend(
    ctx.db,
    clientKey(client, 'unsubscribe'),
    UNSUBSCRIBE_LIMIT,
    now,
    'Too many tries from your network. Try the link again in a few minutes.',
  );
  return ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .update(notificationUnsubscribe)
      .set({ usedAt: sql`coalesce(${notificationUnsubscribe.usedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(notificationUnsubscribe.tokenHash, tokenHash(token)),
          gte(notificationUnsubscribe.created, new Date(now.getTime() - UNSUBSCRIBE_TTL_MS)),
        ),
      )
      .returning({ userId: notificationUnsubscribe.userId, kind: notificationUnsubscribe.kind });
    const kind = NOTIFICATION_KINDS.find((k) => k === t?.kind);
    if (!t || !kind) throw NotFound('Unsubscribe link');
    await tx
      .insert(notificationSettings)
      .values({ userId: t.userId, offKinds: [kind], updated: now })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: {
          offKinds: sql`case when ${kind} = any(${notificationSettings.offKinds}) then ${notificationSettings.offKinds} else array_append(${notificationSettings.offKinds}, ${kind}) end`,
          updated: now,
        },
      });
    await tx
      .delete(notificationDevicePrefs)
      .where(
        and(
          eq(notificationDevicePrefs.userId, t.userId),
          eq(notificationDevicePrefs.kind, kind),
          eq(notificationDevicePrefs.enabled, true),
        ),
      );
    return { kind, label: KIND_LABEL[kind] };
  });
}

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log of administrative actions (issue 22): who did what to which object, when, from
 * where (client address, portal or key), with the state before and after. Written in the same
 * transaction as the change (lib/domain/audit), never updated. Entries of an organization's
 * devices and objects carry its id; personal ones (a user's keys, private devices) carry null.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id'),
    at: timestamp('at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorNumId: integer('actor_num_id').notNull().default(0),
    actorName: text('actor_name').notNull().default(''),
    /** 'portal' (a session), 'key' (a personal access key) or 'app' (a third-party app's OAuth token) */
    via: text('via').notNull(),
    actorKeyId: uuid('actor_key_id'),
    clientAddress: text('client_address'),
    /** what was done, e.g. 'access.grant', 'pin.delete' (lib/domain/audit AUDIT_ACTIONS) */
    action: text('action').notNull(),
    deviceId: integer('device_id'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_org_at_idx').on(t.organizationId, t.at.desc(), t.id.desc()),
    index('audit_actor_idx').on(t.actorUserId, t.at.desc()),
    index('audit_device_idx').on(t.deviceId, t.at.desc()).where(sql`${t.deviceId} is not null`),
  ],
);

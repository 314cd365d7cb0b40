import type { Db } from '../client';

export interface SeedOptions {
  log?: (msg: string) => void;
  /** activity entries to spread over the last year (default 50,000) */
  activityCount?: number;
  /** the clock (tests); default now */
  now?: Date;
}

/** Ids of what the demo seed created (or found), by the names the demo uses. */
export interface DemoIds {
  organizationId: number;
  /** by e-mail: owner@demo.test, admin@, guest@, member@, outsider@demo.test */
  users: Record<string, { id: string; numId: number; displayName: string; organizationUserId: number | null }>;
  /** device id by name ("Front door", "Main gate", ...) */
  devices: Record<string, number>;
  /** user group id by name ("Cleaning staff", "Maintenance") */
  groups: Record<string, string>;
  /** access link id by name */
  accessLinks: Record<string, string>;
}

export type ExtraSeed = (db: Db, demo: DemoIds) => Promise<void>;

/**
 * How far back the demo's accesses, group memberships and devices go: before its year of activity
 * (db/seed/activity.ts), so every person reads the log of their whole time at a door.
 */
export const DEMO_HISTORY_DAYS = 400;

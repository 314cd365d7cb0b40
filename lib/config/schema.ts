import { z } from 'zod';

/**
 * Every variable of the environment the server reads, in one zod schema (issue 28, "Configuration
 * once"): its name, its type, its default and what it accepts. `lib/config/index.ts` parses
 * `process.env` with it into one typed object; nothing else reads `process.env` (lint). The README's
 * configuration table lists exactly these names (lib/config/readme.test.ts).
 *
 * An empty value counts as unset. A value that is set but not accepted (a flag that is not 0 or 1, a
 * number that is not one or out of its range, a URL that is not one) stops the server at start with a
 * line naming the variable; the accessors' defaults are those the readers had before.
 */

/** What a value that is not accepted says about itself, in the error line. */
const shown = (v: string) => JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);

/** A text setting; unset or empty: undefined. */
export const text = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A switch: `1` on, `0` off, unset or empty: undefined (decided by other settings). */
export const maybeFlag = () =>
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | undefined => {
      if (v === undefined || v === '') return undefined;
      if (v === '1') return true;
      if (v === '0') return false;
      ctx.addIssue({ code: 'custom', message: `must be 1 (on) or 0 (off), not ${shown(v)}` });
      return z.NEVER;
    });

/** A switch: `1` on, `0` off, unset or empty: the default. */
export const flag = (fallback: boolean) => maybeFlag().transform((v) => v ?? fallback);

interface NumberRule {
  min?: number;
  max?: number;
  /** a whole number only */
  whole?: boolean;
  /** a fraction is taken down to a whole number (the rate limits' budgets did so) */
  floor?: boolean;
  /** what the number counts, for the error line */
  unit?: string;
}

/** A number; unset or empty: the default. */
export const number = (fallback: number, rule: NumberRule = {}) => {
  const { min = 0, max = Number.POSITIVE_INFINITY, whole = false, floor = false, unit } = rule;
  const wanted = `${whole ? 'a whole number' : 'a number'}${unit ? ` of ${unit}` : ''}${
    max === Number.POSITIVE_INFINITY ? `, ${min} or more` : ` from ${min} to ${max}`
  }`;
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v.trim());
      if (v.trim() === '' || !Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be ${wanted}, not ${shown(v)}` });
        return z.NEVER;
      }
      return floor ? Math.floor(n) : n;
    });
};
const ms = (fallback: number, min = 0) => number(fallback, { min, unit: 'milliseconds' });

/** An absolute URL of one of `protocols`; unset or empty: undefined. */
const url = (
  protocols: string[],
  notUrl: string,
  wrongProtocol = `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      let u: URL;
      try {
        u = new URL(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `is not a URL: ${notUrl}` });
        return z.NEVER;
      }
      if (!protocols.includes(u.protocol)) {
        ctx.addIssue({ code: 'custom', message: wrongProtocol });
        return z.NEVER;
      }
      return v;
    });

/** SMTP_URL as nodemailer reads it: a problem in one sentence, or null (also the mail tests' check). */
export function smtpUrlProblem(value: string | undefined): string | null {
  if (!value) return null;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return 'SMTP_URL is not a URL: set it like smtps://user:password@smtp.example.com:465 or smtp://localhost:25';
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') return 'SMTP_URL must start with smtp:// or smtps://';
  if (!u.hostname) return 'SMTP_URL names no host';
  return null;
}

const smtp = text().superRefine((v, ctx) => {
  const problem = smtpUrlProblem(v);
  // the sentence names the variable already: the error line keeps it as it is
  if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^SMTP_URL /, '') });
});

export const configSchema = z.object({
  // the database
  DATABASE_URL: text(),
  PGLITE_DIR: text(),
  PGLITE_IMAGE: text(),
  DB_CONNECT_TIMEOUT_SECONDS: number(2, { min: 0, unit: 'seconds' }),
  DB_STATEMENT_TIMEOUT_MS: ms(30_000),
  DB_POOL_MAX: number(10, { min: 1, whole: true }),
  DB_SKIP_MIGRATE: flag(false),

  // the server and its edge
  PORT: number(3000, { min: 0, max: 65_535, whole: true }),
  HOST: text(),
  LISTEN_HOST: text(),
  NEXT_DIST_DIR: text(),
  NEXTAUTH_URL: url(
    ['https:', 'http:'],
    'set it to the address people open, e.g. https://locks.example.com',
    'must start with https:// (or http:// on your own machine)',
  ),
  PORTAL_URL: url(['https:', 'http:'], 'set it to the address of the portal, e.g. https://locks.example.com'),
  TRUST_PROXY_HOPS: number(0, { min: 0, max: 10, whole: true }),
  REQUEST_LOG: flag(true),
  BENCH: flag(false),
  SHUTDOWN_TIMEOUT_MS: ms(10_000),
  BACKGROUND_WORKERS: flag(true),

  // the demo
  DEMO: maybeFlag(),
  DEMO_HINT: flag(true),
  SEED_DEMO: maybeFlag(),
  DEMO_BRIDGES_FILE: text(),

  // secrets
  APP_SECRET: text(),
  APP_SECRET_PREVIOUS: text(),
  NEXTAUTH_SECRET: text(),
  SECRETS_FILE: text(),
  CERT_SIGNING_KEY: text(),

  // people, sign-in and budgets
  SESSION_MAX_AGE: number(8 * 3600, { min: 1, unit: 'seconds' }),
  ARGON2_MEMORY_KIB: number(19_456, { min: 8, whole: true }),
  ARGON2_TIME_COST: number(2, { min: 1, whole: true }),
  SIGNIN_SURGE: number(300, { min: 1 }),
  INVITATION_TTL_DAYS: number(14, { min: Number.MIN_VALUE, max: 365, unit: 'days' }),
  API_RATE_LIMIT: number(700, { min: 1, floor: true }),
  API_RATE_LIMIT_COMMANDS: number(300, { min: 1, floor: true }),
  API_RATE_WINDOW_SECONDS: number(3600, { min: 1, floor: true, unit: 'seconds' }),
  API_RATE_LIMIT_PORTAL_FACTOR: number(20, { min: 1, floor: true }),
  SIGNUP_RATE_LIMIT: number(10, { min: 0 }),
  SIGNUP_GLOBAL_RATE_LIMIT: number(500, { min: 0 }),

  // devices: the simulator, bridges
  SIM_CONTROL: flag(false),
  SIM_COMMAND_MS: ms(1500),
  SIM_REAPER_MS: ms(2000, 10),
  BRIDGE_CALLBACK_URL: url(
    ['https:', 'http:'],
    'set it to this service as bridges reach it, e.g. http://10.0.0.5:3000',
  ),
  BRIDGE_TIMEOUT_MS: ms(5000, 1),
  BRIDGE_CONFIRM_TIMEOUT_MS: ms(20_000, 1),
  BRIDGE_COMMAND_TIMEOUT_MS: ms(15_000, 1),
  BRIDGE_RECONCILE_MS: ms(30_000, 10),
  BRIDGE_ALLOW_LOOPBACK: flag(false),
  VIRTUAL_BRIDGE_PORT: number(0, { min: 0, max: 65_535, whole: true }),
  VIRTUAL_BRIDGES: flag(true),

  // background work
  PIN_EXPIRY_EVERY_MS: ms(30_000, 10),
  OAUTH_SWEEP_EVERY_MS: ms(600_000, 10),
  ACTIVITY_KEEP_MONTHS: number(24, { min: 0, whole: true, unit: 'months' }),
  ACTIVITY_PARTITIONS_EVERY_MS: ms(3_600_000, 10),
  GATE_SYNC_CHECK_MS: ms(60_000),
  LIVE_RECHECK_MS: ms(15_000),

  // webhooks
  WEBHOOK_ALLOW_LOOPBACK: flag(false),
  WEBHOOK_TIMEOUT_MS: ms(5000),
  WEBHOOK_POLL_MS: ms(1000),
  WEBHOOK_KEEP_DAYS: number(30, { min: 0, unit: 'days' }),

  // mail and notifications
  SMTP_URL: smtp,
  MAIL_FROM: text(),
  MAIL_POLL_MS: ms(2000),
  NOTIFY_POLL_MS: ms(5000),
  NOTIFY_BRIDGE_OFFLINE_MINUTES: number(15, { min: 0, max: 24 * 60, unit: 'minutes' }),
  NOTIFY_DIGEST_HOUR_UTC: number(7, { min: 0, max: 23, whole: true }),
});

/** The whole configuration, typed: numbers are numbers, switches booleans, defaults applied. */
export type Config = z.output<typeof configSchema>;
/** The name of a variable the server reads. */
export type ConfigName = keyof Config;
export const CONFIG_NAMES = Object.keys(configSchema.shape) as ConfigName[];

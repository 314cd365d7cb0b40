import { DateTime } from 'luxon';
import { SCOPES, isScope, type Scope } from '@/lib/auth/scopes';
import type { Caller } from '../context';
import { Forbidden, Invalid } from '../errors';
import { invisibleName, showsSomething } from '@/lib/shared/text';

/** Rules every entry point (API, portal, CLI) shares for personal access keys. */
export const NAME_MAX = 100;
export const MAX_YEARS = 5;
export const DEFAULT_DAYS = 90;

export function checkName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim() : '';
  if (!n) throw Invalid('name: give the key a name (1 to 100 characters).');
  if (!showsSomething(n)) throw Invalid(invisibleName('name'));
  if (n.length > NAME_MAX) throw Invalid(`name: at most ${NAME_MAX} characters (got ${n.length}).`);
  return n;
}

/** Known, non-empty, de-duplicated, in the table's order. */
export function checkScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length)
    throw Invalid(
      `scopes: unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}; known scopes: ${SCOPES.join(', ')}.`,
    );
  if (!scopes.length) throw Invalid('scopes: choose at least one scope.');
  return SCOPES.filter((s) => scopes.includes(s));
}

/** X.ReadWrite includes X.Read: holding it is enough to hand out the read-only scope. */
export function holds(held: ReadonlySet<Scope>, s: Scope): boolean {
  return held.has(s) || (s.endsWith('.Read') && held.has(s.replace(/\.Read$/, '.ReadWrite') as Scope));
}

/** A key can never hand out (or change a key holding) scopes it does not hold itself; a session holds all. */
export function requireHeld(caller: Caller, scopes: readonly Scope[], doing: string) {
  const missing = scopes.filter((s) => !holds(caller.scopes, s));
  if (missing.length) {
    throw Forbidden(
      `This key cannot ${doing} with scopes it does not hold itself: ${missing.join(', ')}. Use a key that holds them, or the portal.`,
    );
  }
}

/**
 * The expiry: `validTo` (future, at most 5 years ahead) or `days` from now; neither = 90 days.
 * `notAfter` caps it further (a key cannot make a key that outlives itself).
 */
export function checkValidTo(input: { validTo?: Date | null; days?: number | null }, now: Date, notAfter?: Date): Date {
  if (input.validTo && input.days) throw Invalid('Give either validTo or days, not both.');
  const limit = DateTime.fromJSDate(now).plus({ years: MAX_YEARS }).toJSDate();
  let to: Date;
  if (input.days !== undefined && input.days !== null) {
    if (!Number.isInteger(input.days) || input.days < 1) throw Invalid('days: must be a whole number of at least 1.');
    to = new Date(now.getTime() + input.days * 86_400_000);
    if (to > limit) throw Invalid(`days: a key is valid for at most ${MAX_YEARS} years.`);
  } else if (input.validTo) {
    to = input.validTo;
    if (to <= now) throw Invalid('validTo: must be in the future.');
    if (to > limit)
      throw Invalid(`validTo: a key is valid for at most ${MAX_YEARS} years (until ${limit.toISOString()}).`);
  } else {
    to = new Date(now.getTime() + DEFAULT_DAYS * 86_400_000);
  }
  if (notAfter && to > notAfter) {
    throw Forbidden(`A key cannot make a key that outlives itself: this key is valid until ${notAfter.toISOString()}.`);
  }
  return to;
}

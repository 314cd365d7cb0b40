import type { Scope } from '@/lib/auth/scopes';
import type { TestUser } from '../support/factories/core';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request: a URL (path + query) and an optional JSON body. */
export interface Input {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * What a case's `setup` makes, fresh for every check (so a DELETE can delete each time):
 * the caller, a valid request on the caller's own resource, and the variants that must fail.
 */
export interface Prepared extends Input {
  /** The caller: may do this on the resource (owner, administrator...). Unused for public routes. */
  as?: TestUser;
  /** The same request on a resource the caller cannot see (another user's): must answer 404. */
  foreign?: Input;
  /** Requests with malformed input (bad id, bad query value, bad body): each must answer 400. */
  malformed?: Input | Input[];
}

export interface ContractCase {
  /** The route file's path pattern, as under app/: '/api/v37/my/lock/[id]' */
  route: string;
  method: Method;
  /** Exactly the scopes the route declares (any one suffices); 'public' for token-authorized routes. */
  scopes: Scope[] | 'public';
  setup: () => Promise<Prepared>;
  /** Statuses a valid call may answer; default any 2xx or 3xx. */
  ok?: number[];
  /** Why `foreign` does not apply (e.g. "lists only the caller's own keys"). Required when setup gives none. */
  noForeign?: string;
  /** Why `malformed` does not apply (e.g. "takes no input"). Required when setup gives none. */
  noMalformed?: string;
}

/** Identity helper that keeps area files typed: `export const cases = defineCases([...])`. */
export const defineCases = (cases: ContractCase[]): ContractCase[] => cases;

/** The paths and scope sets the area files share. */
export const MY = '/api/v37/my';
/** Settings > Security's routes, on the caller's own account, and why they have no foreign variant. */
export const ACCOUNT = `${MY}/account`;
export const OWN_ACCOUNT = 'acts on the caller’s own account; there is no resource id';
export const ORG = (id: number | string) => `/api/v37/organization/${id}`;
export const ORG_READ: Scope[] = ['Organization.Read', 'Organization.ReadWrite'];
export const ORG_WRITE: Scope[] = ['Organization.ReadWrite'];

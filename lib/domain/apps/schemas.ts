import { z } from 'zod';

/** An app the caller registered (Settings > Developer). */
export const DeveloperApp = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  /** true: no secret; the app proves itself with PKCE only (a phone or browser app) */
  isPublic: z.boolean(),
  hasLogo: z.boolean(),
  created: z.string(),
});
export type DeveloperApp = z.infer<typeof DeveloperApp>;

/** A registered app, with its secret: in this answer only (null for a public app). */
export const AppRegistered = DeveloperApp.extend({ clientSecret: z.string().nullable() });
export type AppRegistered = z.infer<typeof AppRegistered>;

/** An app the caller let act for them (Settings > Connected apps). */
export const ConnectedApp = z.object({
  clientId: z.string(),
  name: z.string(),
  hasLogo: z.boolean(),
  /** the scopes granted, the contract's names */
  scopes: z.array(z.string()),
  connected: z.string(),
  /** when a token of it last called the API (to the minute), null if never */
  lastUsed: z.string().nullable(),
});
export type ConnectedApp = z.infer<typeof ConnectedApp>;

/** The path of a route about one app: `{clientId}`, an app id as this server issues them. */
export const AppPath = z.object({
  clientId: z
    .string()
    .max(40)
    .regex(/^app_[A-Za-z0-9_-]{16}$/, 'must be an app id (app_...)'),
});

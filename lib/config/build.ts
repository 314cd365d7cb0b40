/**
 * What Next.js writes into the bundle when it builds (next.config.mjs `env`, NODE_ENV, NEXT_RUNTIME):
 * read here by their literal names, which the bundler replaces with the values of the build. They
 * are facts of the build, not settings of a deployment, so they are not in lib/config/schema.ts.
 */

/** The API's route table as next.config.mjs found it at build time (JSON), or undefined outside a build (tests, tools). */
export const builtApiRoutes = (): string | undefined => process.env.SMARTLOCK_API_ROUTES;

/** `next dev`. */
export const isDevelopment = (): boolean => process.env.NODE_ENV === 'development';

/** The server's Node.js runtime (not the edge runtime): instrumentation.ts starts the server there only. */
export const isNodeRuntime = (): boolean => process.env.NEXT_RUNTIME === 'nodejs';

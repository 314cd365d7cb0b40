/**
 * What Next.js writes into the bundle when it builds (next.config.mjs `env`, NODE_ENV): read here by
 * their literal names, which the bundler replaces with the values of the build. They are facts of the
 * build, not settings of a deployment, so they are not in lib/config/schema.ts. (NEXT_RUNTIME is read
 * in instrumentation.ts itself: the edge bundle drops the start only when the test is there.)
 */

/** The API's route table as next.config.mjs found it at build time (JSON), or undefined outside a build (tests, tools). */
export const builtApiRoutes = (): string | undefined => process.env.SMARTLOCK_API_ROUTES;

/** `next dev`. */
export const isDevelopment = (): boolean => process.env.NODE_ENV === 'development';

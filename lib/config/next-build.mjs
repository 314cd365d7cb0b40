// A plain module (next.config.mjs imports it, and has no TypeScript): what Next.js is told about its
// build from the environment, read here as the rest of the configuration is (lib/config).

/** The folder Next.js builds into and serves from (NEXT_DIST_DIR, default .next): several builds live side by side (tests, benchmarks). */
export const nextDistDir = () => process.env.NEXT_DIST_DIR || '.next';

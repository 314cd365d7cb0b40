/** The folder Next.js builds into and serves from (NEXT_DIST_DIR, default .next): see next-build.mjs. */
export declare const nextDistDir: () => string;

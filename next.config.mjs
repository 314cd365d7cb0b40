/** @type {import('next').NextConfig} */
const nextConfig = {
  // Several builds can live side by side (tests, benchmarks, parallel work).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships WASM and data files that must be loaded from node_modules as-is.
  serverExternalPackages: ['@electric-sql/pglite'],
  // API clients call both /my/lock and /my/lock/; answer both instead of redirecting.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true }, // `npm test` type-checks once with tsc
  // The access-link page carries its token in the URL: no Referer may leak it, no cache keep it.
  async headers() {
    return [
      {
        source: '/link/:path*',
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'Cache-Control', value: 'no-store' },
        ],
      },
    ];
  },
};
export default nextConfig;

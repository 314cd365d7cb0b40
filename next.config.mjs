import { nextDistDir } from './lib/config/next-build.mjs';
import { scanApiRoutes } from './lib/http/api-routes-scan.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Several builds can live side by side (tests, benchmarks, parallel work).
  distDir: nextDistDir(),
  // PGlite ships WASM and data files that must be loaded from node_modules as-is; oidc-provider (Koa)
  // is a Node application used as it is published (lib/oauth/bridge.ts).
  serverExternalPackages: ['@electric-sql/pglite', 'oidc-provider'],
  // API clients call both /my/lock and /my/lock/; answer both instead of redirecting.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // The proxy runs for /api too (paths in any case, 405): Next.js then copies a request's body for it,
  // by default up to 10 MB in memory. No route takes more than 64 KB (lib/http/edge.ts), so no copy may
  // either: a larger body is cut there, and the route refuses it by its Content-Length (413).
  experimental: { proxyClientMaxBodySize: 64 * 1024 },
  // The API's route table (pattern, methods) for the request proxy: paths in any case, 405 with Allow.
  env: { SMARTLOCK_API_ROUTES: JSON.stringify(scanApiRoutes(new URL('./app', import.meta.url).pathname)) },
  typescript: { ignoreBuildErrors: true }, // `npm test` type-checks once with tsc
  // The guest's page of an access link is one file for every link (app/link/page.tsx): it reads the
  // token from the address. A rewrite inside the server, after proxy.ts gave it its policy.
  async rewrites() {
    return { beforeFiles: [{ source: '/link/:token', destination: '/link' }] };
  },
  // Every response: never sniffed, never framed, no full URL in Referer to other sites. The page's
  // Content-Security-Policy (with a nonce) and HSTS are set per request (proxy.ts, lib/http/edge.ts).
  // The access-link page carries its token in the URL: no Referer may leak it, no cache keep it
  // (later rules win).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
        ],
      },
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

import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers of architecture.md, kept apart by import rules.
const noDb = {
  patterns: [
    {
      group: ['drizzle-orm', 'drizzle-orm/*', '@/db', '@/db/*', 'postgres', '@electric-sql/*'],
      message:
        'Pages, components and browser code reach data through /api/v37 (lib/client) or domain verbs, not the database.',
    },
  ],
};

// Links prefetch on pointing, not on sight (components/ui/link.tsx, issue 34): next/link is imported there only.
const noDbNorNextLink = {
  ...noDb,
  paths: [
    {
      name: 'next/link',
      message:
        "Use Link from '@/components/ui/link': it prefetches when pointed at, not every link in view (a server render each).",
    },
  ],
};

const noHttp = {
  group: ['next', 'next/*', 'next-auth', 'next-auth/*', '@/lib/http', '@/lib/http/*', 'react'],
  message: 'Domain verbs know nothing of HTTP or Next.',
};
// The browser-safe kernel (lib/shared: device codes, the pure policy and its words, schedule text,
// PIN rules, event and action names): what the portal and the server share, so nothing in it may
// pull the database, Node or the server's layers into a browser bundle. It imports luxon, zod and itself.
const KERNEL =
  'lib/shared is browser-safe: no database, no Node, no server layer (domain, http, devices, auth...), no UI.';
// Out of lib/shared by a relative path: a file `depth` folders below it climbs depth + 1 levels.
const kernelOnly = (depth) => ({
  paths: builtinModules.map((name) => ({ name, message: KERNEL })),
  patterns: [
    {
      group: [
        'drizzle-orm',
        'drizzle-orm/*',
        'postgres',
        '@electric-sql/*',
        'node:*',
        'next',
        'next/*',
        'next-auth',
        'next-auth/*',
        'react',
        'react-dom',
      ],
      message: KERNEL,
    },
    // by alias, everything of the app but the kernel itself; by a relative path, anything outside lib/shared
    { regex: '^@/(?!lib/shared(/|$))', message: KERNEL },
    { regex: `^(\\./)?(\\.\\./){${depth + 1},}`, message: KERNEL },
  ],
});
const KERNEL_DEPTHS = [0, 1, 2, 3];
// The portal's browser code takes values only from the kernel (lib/shared) and types from the domain:
// a value import of lib/domain would carry the server (drizzle, db/) into the bundle.
const domainTypesOnly = {
  patterns: [
    {
      regex: '^(@/lib/domain|(\\.\\./)+(lib/)?domain)(/.*)?$',
      allowTypeImports: true,
      message: 'Browser code imports lib/domain for types only (`import type`); shared values live in lib/shared.',
    },
  ],
};
// Adapters and the hardware (docs/devices.md, "The seam"): every folder under lib/devices is one,
// except the factory and the worker at its root, which connect them to the service.
const ADAPTERS = ['lib/devices/*/**'];
const noAdapterInternals = {
  group: [
    '@/lib/devices/*/**',
    ...['tedee', 'virtual-bridge', 'external-gates'].flatMap((a) => [`**/devices/${a}`, `**/devices/${a}/**`]),
  ],
  message:
    'The domain talks to hardware only through lib/devices (getGateway, getSimulatorControl, the gateway types, the pure codes), never an adapter.',
};
const noService = {
  // the domain (relative or by alias), the service's tables, the gateway factory (it imports the report handler), the workers, the config
  regex:
    '^(@/lib/domain(/.*)?|(\\.\\./)+domain(/.*)?|@/db/schema(/.*)?|(\\.\\./)+db/schema(/.*)?|@/lib/devices(/index)?|\\.\\.(/index)?|@/lib/workers(/.*)?|@/lib/config(/.*)?)$',
  message:
    'An adapter speaks its protocol: it gets addresses and reports through the gateway interface and imports nothing of the domain, the database schema, the factory or the configuration.',
};
const noDatabase = {
  group: ['@/db', '@/db/**', '**/db/**', 'drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/*'],
  message: 'The virtual bridge is hardware: it keeps its state in its own memory, never in a database.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next*/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'db/migrations/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        navigator: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        structuredClone: 'readonly',
        URLSearchParams: 'readonly',
        ReadableStream: 'readonly',
        crypto: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  { files: ['tests/**', 'e2e/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['components/**', 'lib/client/**'],
    rules: {
      'no-restricted-imports': ['error', noDbNorNextLink],
      '@typescript-eslint/no-restricted-imports': ['error', domainTypesOnly],
    },
  },
  ...KERNEL_DEPTHS.map((depth) => ({
    // the deepest entry takes every folder below it too (its relative climb then checked as at its depth)
    files: [`lib/shared/${'*/'.repeat(depth)}${depth === KERNEL_DEPTHS.at(-1) ? '**' : '*'}`],
    rules: { 'no-restricted-imports': ['error', kernelOnly(depth)] },
  })),
  // Pages may prefetch with domain verbs (page.tsx), but route files and pages never touch the db directly.
  { files: ['app/**'], ignores: ['app/api/health/**'], rules: { 'no-restricted-imports': ['error', noDbNorNextLink] } },
  { files: ['components/ui/link.tsx'], rules: { 'no-restricted-imports': ['error', noDb] } },
  // The seam between the service and hardware (docs/devices.md): the domain reaches devices only
  // through lib/devices' gateway, control interface and pure codes, never an adapter's insides; an
  // adapter (every folder of lib/devices) speaks its protocol and reports through the interface,
  // importing nothing of the domain or the database schema; the virtual bridge, no database at all.
  {
    files: ['lib/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noHttp, noAdapterInternals] }] },
  },
  {
    files: ['lib/devices/**'],
    ignores: ADAPTERS,
    rules: { 'no-restricted-imports': ['error', { patterns: [noHttp] }] },
  },
  { files: ADAPTERS, rules: { 'no-restricted-imports': ['error', { patterns: [noHttp, noService] }] } },
  {
    files: ['lib/devices/virtual-bridge/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noHttp, noService, noDatabase] }] },
  },
  // Configuration is read once (issue 28): lib/config parses the environment with zod into one typed
  // object (config()), and the harness's own settings (the tests', the browser tests', the
  // benchmark's) with a schema of their own (harness(), lib/config/harness.ts); setEnv and childEnv
  // write it and hand it to a started process. Nothing else reads process.env, but the scripts.
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    ignores: ['lib/config/**', 'scripts/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration with config() from lib/config (its schema names every variable), a setting of the tests or the bench with harness() (lib/config/harness.ts); tests change it with withConfig/setConfig (tests/support/config.ts).',
        },
      ],
    },
  },
  {
    files: ['components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noDb.patterns,
            { group: ['@/lib/domain/*', '@/lib/client/*'], message: 'UI primitives hold no data and no domain.' },
          ],
        },
      ],
    },
  },
);

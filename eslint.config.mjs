import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers of architecture.md, kept apart by import rules.
const noDb = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*', '@/db', '@/db/*', 'postgres', '@electric-sql/*'], message: 'Pages, components and browser code reach data through /api/v37 (lib/client) or domain verbs, not the database.' },
  ],
};

const noHttp = { group: ['next', 'next/*', 'next-auth', 'next-auth/*', '@/lib/http', '@/lib/http/*', 'react'], message: 'Domain verbs know nothing of HTTP or Next.' };
const noSimulator = {
  group: ['@/lib/devices/simulator', '@/lib/devices/simulator/**', '**/devices/simulator', '**/devices/simulator/**'],
  message: 'The domain talks to hardware only through lib/devices (getGateway, getSimulatorControl, the pure codes), never the simulator.',
};
const onlyDomainErrors = {
  // the domain (relative or by alias) except its errors; the gateway factory (lib/devices/index), which imports the report handler
  regex: '^(@/lib/domain(/(?!errors$).*)?|(\\.\\./)+domain(/(?!errors$).*)?|@/lib/devices(/index)?|\\.\\.(/index)?|@/lib/workers(/.*)?)$',
  message: 'The simulator plays hardware: it reports what happened through its port (./port) and imports nothing of the domain but lib/domain/errors.',
};

export default tseslint.config(
  { ignores: ['node_modules/**', '.next*/**', '.data/**', 'test-results/**', 'playwright-report/**', 'db/migrations/**', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly', AbortController: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', navigator: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', structuredClone: 'readonly', URLSearchParams: 'readonly', ReadableStream: 'readonly', crypto: 'readonly', performance: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  { files: ['tests/**', 'e2e/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['components/**', 'lib/client/**'], rules: { 'no-restricted-imports': ['error', noDb] } },
  // Pages may prefetch with domain verbs (page.tsx), but route files and pages never touch the db directly.
  { files: ['app/**'], ignores: ['app/api/health/**'], rules: { 'no-restricted-imports': ['error', noDb] } },
  // The seam between the service and hardware (docs/devices.md): the domain reaches devices only
  // through lib/devices' gateway, control interface and pure codes, never the simulator; the
  // simulator plays hardware and reports through its port, importing nothing of the domain but
  // its errors (and not the gateway factory, which imports the domain's report handler).
  { files: ['lib/domain/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noHttp, noSimulator] }] } },
  { files: ['lib/devices/**'], ignores: ['lib/devices/simulator/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noHttp] }] } },
  { files: ['lib/devices/simulator/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noHttp, onlyDomainErrors] }] } },
  {
    files: ['components/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noDb.patterns, { group: ['@/lib/domain/*', '@/lib/client/*'], message: 'UI primitives hold no data and no domain.' }] }] },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers of architecture.md, kept apart by import rules.
const noDb = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*', '@/db', '@/db/*', 'postgres', '@electric-sql/*'], message: 'Pages, components and browser code reach data through /api/v37 (lib/client) or domain verbs, not the database.' },
  ],
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
  {
    files: ['lib/domain/**', 'lib/devices/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['next', 'next/*', 'next-auth', 'next-auth/*', '@/lib/http', '@/lib/http/*', 'react'], message: 'Domain verbs know nothing of HTTP or Next.' }] }] },
  },
  {
    files: ['components/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noDb.patterns, { group: ['@/lib/domain/*', '@/lib/client/*'], message: 'UI primitives hold no data and no domain.' }] }] },
  },
);

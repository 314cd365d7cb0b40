import { defineCases } from '../types';

/** /api/health: public readiness check (no credentials, no input). */
export const cases = defineCases([
  {
    route: '/api/health',
    method: 'GET',
    scopes: 'public',
    ok: [200],
    noForeign: 'no resource',
    noMalformed: 'takes no input',
    setup: async () => ({ url: '/api/health' }),
  },
]);

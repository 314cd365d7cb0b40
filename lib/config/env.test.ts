import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { allowedOrigins } from './env';

/** The origins a cookie write may come from (issue 33: the portal at the address `npm start` prints). */
const KEYS = ['DATABASE_URL', 'LISTEN_HOST', 'PORT', 'NEXTAUTH_URL'] as const;
/** Exactly these of KEYS set, the others unset. */
const set = (env: Partial<Record<(typeof KEYS)[number], string>>) =>
  setConfig(Object.fromEntries(KEYS.map((k) => [k, env[k]])));

describe('allowedOrigins', () => {
  it('the embedded demo on this machine: its public URL, localhost and 127.0.0.1 on its port', () => {
    set({ LISTEN_HOST: '127.0.0.1', PORT: '3000' });
    expect(allowedOrigins().sort()).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    set({ LISTEN_HOST: '127.0.0.1', PORT: '4100', NEXTAUTH_URL: 'http://localhost:4100' });
    expect(allowedOrigins().sort()).toEqual(['http://127.0.0.1:4100', 'http://localhost:4100']);
  });

  it('the embedded demo opened to the network (HOST=0.0.0.0) or on one address', () => {
    set({ LISTEN_HOST: '0.0.0.0', PORT: '3000', NEXTAUTH_URL: 'http://192.168.1.5:3000' });
    expect(allowedOrigins().sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://192.168.1.5:3000',
      'http://localhost:3000',
    ]);
    set({ LISTEN_HOST: '192.168.1.5', PORT: '3000' });
    expect(allowedOrigins().sort()).toEqual(['http://192.168.1.5:3000', 'http://localhost:3000']);
  });

  it('a deployment (DATABASE_URL), or a bare next start that was not told its interface: the public URL alone', () => {
    set({
      DATABASE_URL: 'postgres://x@db/locks',
      LISTEN_HOST: '0.0.0.0',
      PORT: '3000',
      NEXTAUTH_URL: 'https://locks.example.com',
    });
    expect(allowedOrigins()).toEqual(['https://locks.example.com']);
    set({ PORT: '3000' });
    expect(allowedOrigins()).toEqual(['http://localhost:3000']);
  });
});

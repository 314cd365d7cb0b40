import type { BenchData } from './seed-large';

export interface Scenario {
  name: string;
  kind: 'baseline' | 'single' | 'list' | 'details' | 'command' | 'page';
  method: 'GET' | 'POST';
  path: () => string;
  /** headers of each request besides the key */
  headers?: () => Record<string, string>;
  /** 'session': the portal's cookie instead of the key */
  auth?: 'session';
  /** also measure p50 with one connection (server time without queueing) */
  serverTime?: boolean;
  prepare?: (base: string, headers: Record<string, string>) => Promise<void>;
}

/** Issue 31: the lock is reached through a virtual bridge process over HTTP; its lock moves after a 0 ms timer. */
export const UNLOCK = 'POST unlock (bridge, 0 ms lock)';

export function scenarios(d: BenchData): Scenario[] {
  let opId = '';
  let next = 0;
  let nextLink = 0;
  let nextClient = 0;
  const enc = encodeURIComponent;
  return [
    { name: 'baseline (no-op)', kind: 'baseline', method: 'GET', path: () => '/api/bench/noop' },
    { name: 'GET lock by id', kind: 'single', method: 'GET', path: () => `/api/v37/my/lock/${d.lockId}` },
    // the same read from the portal: its session cookie is checked against its session row
    {
      name: 'GET lock by id (session)',
      kind: 'single',
      method: 'GET',
      path: () => `/api/v37/my/lock/${d.lockId}`,
      auth: 'session',
      headers: () => ({ cookie: d.sessionCookie }),
    },
    { name: 'GET lock sync', kind: 'single', method: 'GET', path: () => `/api/v37/my/lock/${d.lockId}/sync` },
    {
      name: 'GET operation status',
      kind: 'single',
      method: 'GET',
      path: () => `/api/v37/my/device/operation/${opId}`,
      prepare: async (base, headers) => {
        const r = await fetch(`${base}/api/v37/my/lock/${d.lockIds[0]}/operation/unlock`, { method: 'POST', headers });
        opId = ((await r.json()) as { result: { operationId: string } }).result.operationId;
      },
    },
    { name: 'GET PIN list', kind: 'single', method: 'GET', path: () => `/api/v37/my/lock/${d.lockId}/pin` },
    {
      name: 'GET device details (1,000)',
      kind: 'details',
      method: 'GET',
      path: () => '/api/v37/my/device/details',
      serverTime: true,
    },
    {
      name: 'GET activity first page',
      kind: 'list',
      method: 'GET',
      path: () => `/api/v37/my/deviceactivity?deviceId=${d.activityLockId}&elements=200`,
    },
    {
      name: 'GET activity depth 900k',
      kind: 'list',
      method: 'GET',
      path: () =>
        `/api/v37/my/deviceactivity?deviceId=${d.activityLockId}&elements=200&lastElemDate=${enc(d.depthDate)}`,
    },
    {
      name: 'GET access list (200)',
      kind: 'list',
      method: 'GET',
      path: () => `/api/v37/my/device/${d.accessDeviceId}/access`,
    },
    // one command at a time per device: rotate over ~940 locks so the slot is free again. Each is a
    // request to the bench's bridge over HTTP (bench/bridge.ts), accepted once the bridge took it; the
    // lock's outcome (after a 0 ms timer) comes back as two events to the server's callback.
    {
      name: UNLOCK,
      kind: 'command',
      method: 'POST',
      path: () => `/api/v37/my/lock/${d.lockIds[next++ % d.lockIds.length]}/operation/unlock`,
      serverTime: true,
    },
    // guests of 1,000 links from many addresses: within every rate limit, so the page measured is the link's own
    {
      name: 'public link page',
      kind: 'page',
      method: 'GET',
      path: () => `/link/${d.linkTokens[nextLink++ % d.linkTokens.length]}`,
      headers: () => ({ 'x-forwarded-for': `10.0.${Math.floor(nextClient / 250) % 250}.${nextClient++ % 250}` }),
      prepare: async (base) => {
        const page = await (
          await fetch(`${base}/link/${d.linkTokens[0]}`, { headers: { 'x-forwarded-for': '192.0.2.1' } })
        ).text();
        if (!page.includes('Bench doors')) throw new Error('the link page did not show the link');
      },
    },
  ];
}

import type { BenchData } from './seed-large';

export interface Scenario {
  name: string;
  kind: 'baseline' | 'single' | 'list' | 'details' | 'command' | 'page' | 'write';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: () => string;
  /** a JSON body, made right after `path()` for the same request (the two may share one rotation) */
  body?: () => string;
  /** headers of each request besides the key */
  headers?: () => Record<string, string>;
  /** 'session': the portal's cookie instead of the key */
  auth?: 'session';
  /** also measure p50 with one connection (server time without queueing) */
  serverTime?: boolean;
  prepare?: (base: string, headers: Record<string, string>) => Promise<void>;
  /**
   * Before each run of the scenario (warm-up, alone, loaded): a write that tracks its targets' state reads
   * it again here. Requests a run abandons at its end may not have run (a server that had not read the
   * body yet drops them), so what the previous run left is known only from the server.
   */
  beforeEachRun?: (base: string, headers: Record<string, string>) => Promise<void>;
}

/** Issue 31: the lock is reached through a virtual bridge process over HTTP; its lock moves after a 0 ms timer. */
export const UNLOCK = 'POST unlock (bridge, 0 ms lock)';

/** Issue 34, item 4: the guest's page (one file for every link) and its one read, each ≥ 50 % of the no-op. */
export const LINK_PAGE = 'public link page';
export const LINK_READ = "GET public link page's read";

/**
 * Issue 34: administrative writes, each a real change that succeeds (2xx) with its audit row: every
 * request has a target of its own (a person not yet on the device, a PIN value not on the lock, the
 * lock's current revision), so none meets a conflict or a uniqueness error.
 */
export const WRITES = {
  grant: 'POST access grant (user, guest)',
  pin: 'POST PIN create (bridge)',
  link: 'POST access link create (3 doors)',
  settings: 'PATCH lock settings (bridge)',
} as const;

/** Issue 34, item 3: reads of the big organization (BENCH_SIZE=large), and their kind (targets.ts). */
/** GET /my/lock for the bench user's 949 locks (the default size) */
export const LOCK_LIST = 'GET lock list (949)';

export const BIG = {
  locksPage: 'big: GET lock list (page 1 of 100)',
  locksAll: 'big: GET lock list (all 9,859)',
  people: 'big: GET organization people',
  groups: 'big: GET groups (page 1 of 25)',
  activityFirst: 'big: GET activity all devices, first page',
  activityDeep: 'big: GET activity all devices, a year back',
  access: 'big: GET access list (1,000)',
  attention: 'big: GET needs attention (Home)',
  assignable: 'big: GET link device picker',
  details: 'big: GET device details (10,000)',
  detailsPage: 'big: GET device details (page of 1,000)',
  deviceList: 'big: GET Devices page (page of 25, problems first)',
} as const;
export const BIG_KIND: Record<string, 'single' | 'list' | 'details'> = {
  [BIG.locksPage]: 'list',
  [BIG.locksAll]: 'list',
  [BIG.people]: 'list',
  [BIG.groups]: 'list',
  [BIG.activityFirst]: 'list',
  [BIG.activityDeep]: 'list',
  [BIG.access]: 'list',
  [BIG.attention]: 'single',
  [BIG.assignable]: 'list',
  [BIG.details]: 'details',
  [BIG.detailsPage]: 'details',
  [BIG.deviceList]: 'list',
};

export function scenarios(d: BenchData): Scenario[] {
  let opId = '';
  let next = 0;
  let nextLink = 0;
  let nextClient = 0;
  let grant = 0;
  let pinLock = 0;
  let pinValue = 0;
  let link = 0;
  let settingsNext = 0;
  let settingsLock = 0;
  /** each lock's current revision (PATCH needs it), read before each run of the settings scenario */
  const revisions = new Map<number, number>();
  const locks = d.lockIds;
  const enc = encodeURIComponent;
  const json = JSON.stringify;
  // a guest's address, a new one each request (62,500 in turn): no client meets its rate limit
  const guestAddress = () => ({
    'x-forwarded-for': `10.0.${Math.floor(nextClient / 250) % 250}.${nextClient++ % 250}`,
  });
  const linkWindow = {
    startDate: new Date(Date.now() - 3_600_000).toISOString(),
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  };
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
      name: d.big ? BIG.details : 'GET device details (1,000)',
      kind: 'details',
      method: 'GET',
      path: () => '/api/v37/my/device/details',
      serverTime: true,
    },
    // the list Tedee's own clients poll: every lock of the bench user, each answer kept (issue 34)
    ...(d.big
      ? []
      : [{ name: LOCK_LIST, kind: 'list' as const, method: 'GET' as const, path: () => '/api/v37/my/lock' }]),
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
    // guests of 1,000 links from many addresses: within every rate limit, so the page measured is the
    // link's own. The page is one file for every link (app/link/page.tsx); the link is its one read.
    {
      name: LINK_PAGE,
      kind: 'page',
      method: 'GET',
      path: () => `/link/${d.linkTokens[nextLink++ % d.linkTokens.length]}`,
      headers: guestAddress,
      prepare: async (base) => {
        const page = await (
          await fetch(`${base}/link/${d.linkTokens[0]}`, { headers: { 'x-forwarded-for': '192.0.2.1' } })
        ).text();
        if (!page.includes('Opening your link')) throw new Error('the link page is not the guest page');
      },
    },
    {
      name: LINK_READ,
      kind: 'page',
      method: 'GET',
      path: () => `/api/v37/link/${d.linkTokens[nextLink++ % d.linkTokens.length]}/page`,
      headers: guestAddress,
      prepare: async (base) => {
        const read = await (
          await fetch(`${base}/api/v37/link/${d.linkTokens[0]}/page`, { headers: { 'x-forwarded-for': '192.0.2.2' } })
        ).text();
        if (!read.includes('Bench doors')) throw new Error("the link page's read did not show the link");
      },
    },
    ...bigReads(d),
    // Writes last, so the reads above measure the dataset as seeded.
    // A guest's access for one of the organization's 2,000 people (verified accounts, so it is given at
    // once with its notice mail): the locks rotate fastest and each pass takes the next person, so no
    // (device, person) pair repeats within 939 × 2,000 requests.
    {
      name: WRITES.grant,
      kind: 'write',
      method: 'POST',
      path: () => `/api/v37/my/device/${locks[++grant % locks.length]}/access`,
      body: () =>
        json({
          principalType: 0,
          userEmail: d.personEmails[Math.floor(grant / locks.length) % d.personEmails.length],
          accessLevel: 0,
          remoteAccessDisabled: false,
        }),
      serverTime: true,
    },
    // A PIN sent to the lock through the bridge, then stored: each request on the next lock (one command
    // at a time per lock), each value new ('147' and a counter: five digits of it, always three distinct
    // digits, never a run); a lock holds at most 100, which 93,900 requests would reach.
    {
      name: WRITES.pin,
      kind: 'write',
      method: 'POST',
      path: () => `/api/v37/my/lock/${locks[pinLock++ % locks.length]}/pin`,
      body: () => json({ alias: `Bench PIN ${pinValue}`, pin: `147${String(pinValue++ % 100_000).padStart(5, '0')}` }),
      serverTime: true,
    },
    // A link to three of the organization's locks for the next 30 days, as an administrator makes one
    {
      name: WRITES.link,
      kind: 'write',
      method: 'POST',
      path: () => `/api/v37/organization/${d.organizationId}/accesslink`,
      body: () => {
        const at = link++ * 3;
        return json({
          name: `Bench write link ${link}`,
          description: 'Bench write',
          deviceIds: [0, 1, 2].map((k) => locks[(at + k) % locks.length]),
          repeatEvent: linkWindow,
        });
      },
      serverTime: true,
    },
    // A lock's device settings: saved with its revision, sent to the lock through the bridge and
    // confirmed. Each request sends the lock's current revision (read from GET /my/lock before each run,
    // then one more per change, which raises it by exactly one) and an auto-lock delay that differs from
    // the one before, so every request is a change.
    {
      name: WRITES.settings,
      kind: 'write',
      method: 'PATCH',
      path: () => {
        settingsLock = locks[settingsNext++ % locks.length];
        return '/api/v37/my/lock';
      },
      body: () => {
        const revision = revisions.get(settingsLock)!;
        revisions.set(settingsLock, revision + 1);
        return json({ id: settingsLock, revision, deviceSettings: { autoLockDelay: 1 + ((revision + 1) % 3600) } });
      },
      serverTime: true,
      beforeEachRun: async (base, headers) => {
        const r = await fetch(`${base}/api/v37/my/lock`, { headers });
        if (!r.ok) throw new Error(`GET /my/lock answered ${r.status}`);
        for (const l of ((await r.json()) as { result: Array<{ id: number; revision: number }> }).result)
          revisions.set(l.id, l.revision);
        const missing = locks.filter((id) => !revisions.has(id));
        if (missing.length) throw new Error(`GET /my/lock did not list ${missing.length} of the bench's locks`);
      },
    },
  ];
}

/**
 * The big organization's reads (BENCH_SIZE=large; none otherwise), as its owner sees them in the
 * portal: the lock list (a page, and all of them as the API allows), the Devices page, People, Groups,
 * Activity (every device, a first page and one a year back), a lock's access list of 1,000 records,
 * Home's "needs attention" and the link editor's device picker.
 */
function bigReads(d: BenchData): Scenario[] {
  const big = d.big;
  if (!big) return [];
  const org = d.organizationId;
  const get = (name: string, path: string): Scenario => ({
    name,
    kind: BIG_KIND[name] === 'single' ? 'single' : 'list',
    method: 'GET',
    path: () => path,
    serverTime: true,
  });
  return [
    get(BIG.locksPage, '/api/v37/my/lock?page=1&itemsPerPage=100'),
    get(BIG.locksAll, '/api/v37/my/lock'),
    get(BIG.people, `/api/v37/organization/${org}/people`),
    get(BIG.groups, `/api/v37/organization/${org}/user-groups?page=1&itemsPerPage=25`),
    get(BIG.access, `/api/v37/my/device/${big.accessDeviceId}/access`),
    get(BIG.attention, `/api/v37/my/attention?organizationId=${org}`),
    get(BIG.assignable, `/api/v37/organization/${org}/accesslink/device/assignable?page=1&itemsPerPage=50`),
    // the portal's Devices page: one page of every kind in its order, counted whole
    get(BIG.deviceList, '/api/v37/my/device/list?page=1&itemsPerPage=25'),
    // past 10,000 devices a caller pages the details (docs/api-compatibility.md): a page in the middle
    get(BIG.detailsPage, '/api/v37/my/device/details?page=5&itemsPerPage=1000'),
    // last: what a run abandons of these keeps the database busy for minutes after it (statements of seconds)
    get(BIG.activityFirst, '/api/v37/my/deviceactivity?elements=50'),
    get(
      BIG.activityDeep,
      `/api/v37/my/deviceactivity?elements=50&lastElemDate=${encodeURIComponent(big.activityDepthDate)}`,
    ),
  ];
}

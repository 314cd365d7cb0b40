// The soak's mixed load: what a day of clients does to the API, by weight (percent of requests).
// Each operation says which statuses are answers; anything else (5xx, 4xx not listed, network
// errors, timeouts) is an error of the soak. Writes go to locks of their own, so they rarely meet:
// a second command to a busy lock answers 409, which is the contract's answer, not an error.
import { isValidPin } from '../lib/shared/pins/rules';
import type { BenchData } from './seed-large';

export interface Req {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** besides the key; a cookie instead of it (the portal's session) */
  headers?: Record<string, string>;
  body?: unknown;
  /** statuses that are answers */
  ok: number[];
  /** sees the answer (to remember ids); called for answers only */
  then?: (status: number, body: string) => void;
  /** called when the request is over, whatever came back */
  done?: () => void;
}

export interface Op {
  name: string;
  weight: number;
  /** the next request, or null when this operation has nothing to do now (another is picked) */
  next: () => Req | null;
}

/** A lock (or device) of a create-then-delete pair: one request at a time on it. */
interface Slot {
  deviceId: number;
  busy: boolean;
  id?: string | number;
}

function randomPin(): string {
  for (;;) {
    const pin = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    if (isValidPin(pin)) return pin;
  }
}

/** A create when the slot is empty, its delete when it holds one; null while every slot is busy. */
function pairOn(slots: Slot[], create: (s: Slot) => Req, remove: (s: Slot) => Req) {
  let at = 0;
  return (): Req | null => {
    for (let i = 0; i < slots.length; i++) {
      const s = slots[(at + i) % slots.length];
      if (s.busy) continue;
      at = (at + i + 1) % slots.length;
      s.busy = true;
      const r = s.id === undefined ? create(s) : remove(s);
      return { ...r, done: () => (s.busy = false) };
    }
    return null;
  };
}

export function soakMix(d: BenchData): Op[] {
  const enc = encodeURIComponent;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  // ~940 locks: 880 take unlocks in turn, 30 take PINs, the rest access grants
  const unlockLocks = d.lockIds.slice(0, 880);
  const pinSlots: Slot[] = d.lockIds.slice(880, 910).map((deviceId) => ({ deviceId, busy: false }));
  const accessSlots: Slot[] = d.lockIds.slice(910).map((deviceId) => ({ deviceId, busy: false }));
  const operations: string[] = [];
  let nextUnlock = 0;
  let nextLink = 0;
  let nextClient = 0;
  let grants = 0;
  const json = (body: string) => JSON.parse(body) as { result?: { id?: number; operationId?: string } };
  const get = (path: string, headers?: Record<string, string>): Req => ({ method: 'GET', path, headers, ok: [200] });
  const guestAddress = () => ({
    'x-forwarded-for': `10.1.${Math.floor(nextClient / 250) % 250}.${nextClient++ % 250}`,
  });
  return [
    { name: 'GET lock by id', weight: 16, next: () => get(`/api/v37/my/lock/${pick(d.lockIds)}`) },
    {
      name: 'GET lock by id (session)',
      weight: 5,
      next: () => get(`/api/v37/my/lock/${pick(d.lockIds)}`, { cookie: d.sessionCookie }),
    },
    {
      name: 'GET lock list (page of 50)',
      weight: 3,
      next: () => get(`/api/v37/my/lock?page=${1 + Math.floor(Math.random() * 19)}&itemsPerPage=50`),
    },
    { name: 'GET lock sync', weight: 8, next: () => get(`/api/v37/my/lock/${pick(d.lockIds)}/sync`) },
    {
      name: 'GET operation status',
      weight: 11,
      next: () => (operations.length ? get(`/api/v37/my/device/operation/${pick(operations)}`) : null),
    },
    {
      name: 'GET PIN list',
      weight: 7,
      next: () => get(`/api/v37/my/lock/${pick([d.lockId, ...pinSlots.map((s) => s.deviceId)])}/pin`),
    },
    {
      name: 'GET activity first page (1M)',
      weight: 7,
      next: () => get(`/api/v37/my/deviceactivity?deviceId=${d.activityLockId}&elements=200`),
    },
    {
      name: 'GET activity depth 900k',
      weight: 3,
      next: () =>
        get(`/api/v37/my/deviceactivity?deviceId=${d.activityLockId}&elements=200&lastElemDate=${enc(d.depthDate)}`),
    },
    {
      name: 'GET activity of a lock',
      weight: 5,
      next: () => get(`/api/v37/my/deviceactivity?deviceId=${pick(unlockLocks)}&elements=50`),
    },
    { name: 'GET access list (200)', weight: 5, next: () => get(`/api/v37/my/device/${d.accessDeviceId}/access`) },
    { name: 'GET device details (1,000)', weight: 0.5, next: () => get('/api/v37/my/device/details') },
    // a guest's visit: the page (one file for every link), then its read of the link
    {
      name: 'public link page',
      weight: 5,
      next: () => get(`/link/${d.linkTokens[nextLink++ % d.linkTokens.length]}`, guestAddress()),
    },
    {
      name: "public link page's read",
      weight: 5,
      next: () => get(`/api/v37/link/${d.linkTokens[nextLink++ % d.linkTokens.length]}/page`, guestAddress()),
    },
    {
      name: 'POST unlock',
      weight: 15,
      next: () => ({
        method: 'POST',
        path: `/api/v37/my/lock/${unlockLocks[nextUnlock++ % unlockLocks.length]}/operation/unlock`,
        ok: [202, 409],
        then: (status, body) => {
          if (status !== 202) return;
          operations.push(json(body).result!.operationId!);
          if (operations.length > 200) operations.shift(); // clients poll their recent operations
        },
      }),
    },
    {
      name: 'PIN create / delete',
      weight: 4,
      next: pairOn(
        pinSlots,
        (s) => ({
          method: 'POST',
          path: `/api/v37/my/lock/${s.deviceId}/pin`,
          body: { alias: 'Soak', pin: randomPin() },
          ok: [201, 409],
          then: (st, b) => st === 201 && (s.id = json(b).result!.id),
        }),
        (s) => ({
          method: 'DELETE',
          path: `/api/v37/my/lock/${s.deviceId}/pin/${s.id}`,
          ok: [204, 409],
          then: (st) => st === 204 && (s.id = undefined),
        }),
      ),
    },
    {
      name: 'access grant / revoke',
      weight: 5.5,
      next: pairOn(
        accessSlots,
        (s) => ({
          method: 'POST',
          path: `/api/v37/my/device/${s.deviceId}/access`,
          body: {
            principalType: 0,
            userEmail: `soak-${grants++}@bench.test`,
            accessLevel: 0,
            remoteAccessDisabled: false,
          },
          ok: [201],
          then: (_st, b) => (s.id = (JSON.parse(b) as { id: string }).id),
        }),
        (s) => ({
          method: 'DELETE',
          path: `/api/v37/my/device/${s.deviceId}/access/${s.id}`,
          ok: [204],
          then: () => (s.id = undefined),
        }),
      ),
    },
  ];
}

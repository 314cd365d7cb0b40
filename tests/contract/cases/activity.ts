import { createLock } from '../../support/factories/core';
import { sharingCast } from '../../support/factories/access';
import { defineCases } from '../types';

/** The activity log (issue 6). */
const LIST = '/api/v37/my/deviceactivity';
const EXPORT = '/api/v37/my/deviceactivity/export';

async function setupFor(base: string, bad: string[]) {
  const c = await sharingCast();
  const other = await createLock();
  return {
    as: c.guest,
    url: `${base}?deviceId=${c.lock.id}`,
    foreign: { url: `${base}?deviceId=${other.id}` },
    malformed: bad.map((q) => ({ url: `${base}?deviceId=${c.lock.id}&${q}` })),
  };
}

export const cases = defineCases([
  {
    route: LIST,
    method: 'GET',
    scopes: ['DeviceActivity.Read'],
    ok: [200],
    setup: () =>
      setupFor(LIST, ['elements=0', 'elements=201', 'elements=ten', 'lastElemDate=yesterday', 'deviceId=abc']),
  },
  {
    route: EXPORT,
    method: 'GET',
    scopes: ['DeviceActivity.Read'],
    ok: [200],
    setup: () => setupFor(EXPORT, ['from=nope', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'deviceId=-1']),
  },
]);

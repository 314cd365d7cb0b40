import { beforeAll, describe, expect, it } from 'vitest';
import { lockdowns } from '@/db/schema';
import { db } from '../support/factories/core';
import { REQUESTS } from './requests';
import { ROWS } from './table';
import { askCell, CALLERS, makeWorld, SHORT, type Caller, type World } from './world';

/**
 * The matrix's opening rows while the world's organization is locked down (issue 35): every cell
 * that opened (2xx in table.ts) now answers 403, except the organization's owner's (no
 * administrator is named, so the lockdown lets only the owner through); every other cell answers as
 * before (a lockdown does not make a refusal or a 404 say more), and locking is never refused.
 */
const OPENING = [
  'POST /api/v37/my/lock/[id]/operation/unlock',
  'POST /api/v37/my/lock/[id]/operation/pull',
  'POST /api/v37/my/lock/open',
  'POST /api/v37/my/gate/[id]/operation/unlock',
  'GET /api/v37/my/devicecertificate/getformobile',
  'POST /api/v37/link/[token]/device/[deviceId]/open',
];
const LOCKING = ['POST /api/v37/my/lock/[id]/operation/lock'];

const underLockdown = (label: string, caller: Caller, status: number) =>
  OPENING.includes(label) && status >= 200 && status < 300 && caller !== 'owner' ? 403 : status;

describe('the opening rows of the matrix under a lockdown of the whole organization', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await (await db()).insert(lockdowns).values({ organizationId: w.org.id, siteId: null, reason: 'Matrix lockdown' });
  });

  for (const row of ROWS.filter((r) => OPENING.includes(r.label) || LOCKING.includes(r.label))) {
    describe(row.label, () => {
      for (const caller of CALLERS) {
        const status = underLockdown(row.label, caller, row.expect[caller]);
        it(`${SHORT[caller]} ${caller} -> ${status}`, async () => {
          const input = await REQUESTS[row.label]!(w, caller);
          const res = await askCell(w, row, caller, input, status);
          if (status === 403 && row.expect[caller] !== 403)
            expect(res.json.errorMessages[0]).toContain('Reason: Matrix lockdown.');
        });
      }
    });
  }

  it('names every opening row of the table', () => {
    const labels = ROWS.map((r) => r.label);
    expect([...OPENING, ...LOCKING].filter((l) => !labels.includes(l))).toEqual([]);
  });
});

import { lockAndOther } from '../../support/factories/core';
import { defineCases, MY } from '../types';

/** A lock's weekly timetable (issue 35, our extension). The caller owns the lock; `other` is nobody's to them. */
const body = { enabled: true, rules: [{ days: 31, at: '08:00', action: 'unlock' }], exceptions: ['2026-12-25'] };

export const cases = defineCases(
  (['GET', 'PUT', 'DELETE'] as const).map((method) => ({
    route: '/api/v37/my/lock/[id]/timetable',
    method,
    scopes: method === 'GET' ? ['Device.Read', 'Device.ReadWrite'] : ['Device.ReadWrite'],
    ok: [method === 'GET' ? 200 : method === 'PUT' ? 200 : 204],
    setup: async () => {
      const c = await lockAndOther();
      const b = method === 'PUT' ? body : undefined;
      return {
        as: c.owner,
        url: `${MY}/lock/${c.lock.id}/timetable`,
        body: b,
        foreign: { url: `${MY}/lock/${c.other.id}/timetable`, body: b },
        malformed: [
          { url: `${MY}/lock/abc/timetable`, body: b },
          ...(method === 'PUT'
            ? [
                { url: `${MY}/lock/${c.lock.id}/timetable`, body: {} },
                {
                  url: `${MY}/lock/${c.lock.id}/timetable`,
                  body: { ...body, rules: [{ days: 1, at: '25:00', action: 'unlock' }] },
                },
                { url: `${MY}/lock/${c.lock.id}/timetable`, body: { ...body, exceptions: ['tomorrow'] } },
              ]
            : []),
        ],
      };
    },
  })),
);

import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { type ContextType, createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonDoorsTable } from '@/components/organization/people/person-doors-table';
import { PERSON_DOORS_SHOWN, type PersonPage } from '@/lib/client/people';

// Issue 34: a person's page reads and draws the first PERSON_DOORS_SHOWN of their doors until asked for
// all (the owner of a big organization opens 10,000), and the doors of links mailed to them after those.
const door = (i: number): PersonPage['doors'][number] => ({
  deviceId: i,
  deviceName: `Door ${String(i).padStart(5, '0')}`,
  deviceType: 2,
  timeZone: 'Europe/Warsaw',
  accessId: `access-${i}`,
  via: 'user',
  groupId: null,
  groupName: null,
  accessLevel: 0,
  remoteAccessDisabled: false,
  startDate: null,
  endDate: null,
  dayStartTime: null,
  dayEndTime: null,
  weekDays: null,
  endable: true,
});
const link: PersonPage['links'][number] = {
  linkId: 'l1',
  name: 'Summer guests',
  sentAt: '2026-11-30T08:00:00.000Z',
  sentBy: 'Olivia Owner',
  startDate: null,
  endDate: null,
  dayStartTime: null,
  dayEndTime: null,
  weekDays: null,
  doors: [{ deviceId: 99_999, name: 'Gate by link', timeZone: 'Europe/Warsaw' }],
};
// the portal's links ask the app router (they prefetch on pointing); a router that does nothing
const router = {
  back() {},
  forward() {},
  refresh() {},
  push() {},
  replace() {},
  prefetch() {},
} as unknown as NonNullable<ContextType<typeof AppRouterContext>>;
const draw = (n: number, total = n, loadingAll = false) =>
  renderToStaticMarkup(
    h(
      AppRouterContext.Provider,
      { value: router },
      h(PersonDoorsTable, {
        name: 'Nina',
        doors: Array.from({ length: n }, (_, i) => door(i + 1)),
        total,
        links: [link],
        onShowAll: () => {},
        loadingAll,
      }),
    ),
  );

describe('the doors on a person’s page', () => {
  it(`draws the first ${PERSON_DOORS_SHOWN} of many, says how many there are, offers all, then the link’s door`, () => {
    const html = draw(PERSON_DOORS_SHOWN, 250);
    expect(html.match(/Door \d{5}/g)).toHaveLength(PERSON_DOORS_SHOWN);
    expect(html).toContain(`${PERSON_DOORS_SHOWN} of 250 doors shown.`);
    expect(html).toContain('Show all 250 doors');
    expect(html).toContain('Gate by link');
  });

  it('says it is loading the rest, with the button busy, once asked', () => {
    const html = draw(PERSON_DOORS_SHOWN, 10_250, true);
    expect(html).toContain('Loading all 10,250 doors…');
    expect(html).toMatch(/<button[^>]*disabled[^>]*aria-busy="true"|<button[^>]*aria-busy="true"[^>]*disabled/);
  });

  it('draws every door, and no button, when all are read', () => {
    const html = draw(3);
    expect(html.match(/Door \d{5}/g)).toHaveLength(3);
    expect(html).not.toContain('Show all');
    expect(html).toContain('Doors Nina can open');
  });
});

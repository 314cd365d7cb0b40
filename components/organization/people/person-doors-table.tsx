'use client';

import { useState } from 'react';
import { scheduleText } from '@/components/access/access-row';
import { LEVEL } from '@/components/devices/labels';
import { Badge, Button, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import { Link } from '@/components/ui/link';
import type { PersonPage as Page } from '@/lib/client/people';
import { showInZone } from '@/lib/shared/access/schedule-text';

type Door = Page['doors'][number];

/** How many of a person's doors the table draws until asked for all of them. */
export const DOORS_SHOWN = 100;

/** How a person holds a door: directly, through a group, or invited. */
export const how = (d: Door) =>
  d.via === 'group'
    ? `Through the group ${d.groupName}`
    : d.via === 'invitation'
      ? 'Invited, not accepted yet'
      : 'Direct';

const linkHow = (l: Page['links'][number]) =>
  `Access link “${l.name}”, mailed to them ${showInZone(l.sentAt, l.doors[0]?.timeZone ?? 'UTC').split(',')[0]}`;

/**
 * The doors a person can open and how, with their hours at each door; the first {DOORS_SHOWN} until
 * "Show all" (the owner of a big organization opens 10,000: a table of them all took the page
 * seconds to draw), then the doors of access links mailed to them.
 */
export function PersonDoorsTable({ name, doors, links }: { name: string; doors: Door[]; links: Page['links'] }) {
  const [all, setAll] = useState(false);
  const shown = all ? doors : doors.slice(0, DOORS_SHOWN);
  const linkDoors = links.flatMap((l) => l.doors.map((d) => ({ link: l, door: d })));
  return (
    <>
      <Table caption={`Doors ${name} can open`}>
        <THead>
          <Tr>
            <Th>Door</Th>
            <Th className="hidden sm:table-cell">How</Th>
            <Th>Hours</Th>
            <Th className="hidden sm:table-cell">Role</Th>
          </Tr>
        </THead>
        <TBody>
          {shown.map((d) => (
            <Tr key={d.accessId}>
              <Td>
                <Link href={`/devices/${d.deviceId}`} className="font-medium text-indigo-700 hover:underline">
                  {d.deviceName}
                </Link>
                <div className="mt-1 text-xs text-slate-600 sm:hidden">{how(d)}</div>
              </Td>
              <Td className="hidden sm:table-cell">
                {d.via === 'invitation' ? (
                  <Badge tone="warning">{how(d)}</Badge>
                ) : d.via === 'group' ? (
                  <Link href={`/organization/groups/${d.groupId}`} className="text-indigo-700 hover:underline">
                    {how(d)}
                  </Link>
                ) : (
                  how(d)
                )}
              </Td>
              <Td className="text-slate-700">
                {scheduleText(d, d.timeZone).map((line) => (
                  <div key={line}>{line}</div>
                ))}
                {d.remoteAccessDisabled ? <div className="text-xs text-slate-600">Only near the door</div> : null}
              </Td>
              <Td className="hidden sm:table-cell">{LEVEL[d.accessLevel] ?? 'Guest'}</Td>
            </Tr>
          ))}
          {linkDoors.map(({ link, door }) => (
            <Tr key={`${link.linkId}-${door.deviceId}`}>
              <Td>
                <Link href={`/devices/${door.deviceId}`} className="font-medium text-indigo-700 hover:underline">
                  {door.name}
                </Link>
                <div className="mt-1 text-xs text-slate-600 sm:hidden">{linkHow(link)}</div>
              </Td>
              <Td className="hidden sm:table-cell">
                <Link href="/organization/access-links" className="text-indigo-700 hover:underline">
                  {linkHow(link)}
                </Link>
              </Td>
              <Td className="text-slate-700">
                {scheduleText({ ...link, accessLevel: 0 }, door.timeZone).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Td>
              <Td className="hidden sm:table-cell">Guest (link)</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {shown.length < doors.length ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
          <span>
            {shown.length} of {doors.length.toLocaleString('en')} doors shown.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setAll(true)}>
            Show all {doors.length.toLocaleString('en')} doors
          </Button>
        </div>
      ) : null}
    </>
  );
}

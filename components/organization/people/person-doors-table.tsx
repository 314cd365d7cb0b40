'use client';

import { scheduleText } from '@/components/access/access-row';
import { LEVEL } from '@/components/devices/labels';
import { Badge, Button, Table, TBody, Td, Th, THead, Tr } from '@/components/ui';
import { Link } from '@/components/ui/link';
import type { PersonPage as Page } from '@/lib/client/people';
import { showInZone } from '@/lib/shared/access/schedule-text';

type Door = Page['doors'][number];

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
 * The doors a person can open and how, with their hours at each door: those read so far (the page
 * reads the first PERSON_DOORS_SHOWN; the owner of a big organization opens 10,000, a 3 MB answer
 * and a table that took seconds to draw) with "Show all" for the rest, then the doors of access
 * links mailed to them.
 */
export function PersonDoorsTable({
  name,
  doors,
  total,
  links,
  onShowAll,
  loadingAll = false,
}: {
  name: string;
  doors: Door[];
  /** how many door rows the person has, however many are read */
  total: number;
  links: Page['links'];
  onShowAll: () => void;
  loadingAll?: boolean;
}) {
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
          {doors.map((d) => (
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
      {doors.length < total ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
          <span>
            {doors.length} of {total.toLocaleString('en')} doors shown.
          </span>
          <Button size="sm" variant="secondary" loading={loadingAll} onClick={onShowAll}>
            {loadingAll
              ? `Loading all ${total.toLocaleString('en')} doors…`
              : `Show all ${total.toLocaleString('en')} doors`}
          </Button>
        </div>
      ) : null}
    </>
  );
}

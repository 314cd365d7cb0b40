'use client';

import { DateTime } from 'luxon';
import { useState } from 'react';
import { Badge, Button, Dialog, EmptyState, QueryView, type BadgeTone } from '@/components/ui';
import { useLinkHistory, type AccessLink, type LinkHistoryEntry } from '@/lib/client/links';

const PER_PAGE = 20;

/** Each result in words, with the tone of its badge and the badge's word. */
const RESULT: Record<LinkHistoryEntry['result'], { text: string; tone: BadgeTone; badge: string }> = {
  opened: { text: 'The door confirmed it opened', tone: 'ok', badge: 'Opened' },
  pending: { text: 'Sending to the door…', tone: 'info', badge: 'In progress' },
  jammed: { text: 'The lock jammed while opening', tone: 'problem', badge: 'Failed' },
  timedOut: { text: 'The door did not answer in time', tone: 'problem', badge: 'Failed' },
  failed: { text: 'Opening failed at the door', tone: 'problem', badge: 'Failed' },
  expired: { text: 'The link had expired', tone: 'warning', badge: 'Refused' },
  notYetValid: { text: 'The link was not valid yet', tone: 'warning', badge: 'Refused' },
  outsideSchedule: { text: "Outside the link's hours", tone: 'warning', badge: 'Refused' },
  noLongerAllowed: {
    text: 'Whoever added this door to the link may no longer open it',
    tone: 'warning',
    badge: 'Refused',
  },
  unreachable: { text: 'The door was offline or could not be reached', tone: 'warning', badge: 'Refused' },
  busy: { text: 'The door was busy with another command', tone: 'warning', badge: 'Refused' },
  rateLimited: { text: 'Too many attempts in a minute', tone: 'warning', badge: 'Refused' },
  lockdown: { text: 'The door was locked down', tone: 'problem', badge: 'Refused' },
};

/** A link's uses, newest first: each open (which door, when at the door, the device's answer) and each refusal. */
export function HistoryDialog({
  orgId,
  link,
  onClose,
}: {
  orgId: number;
  link: AccessLink | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const history = useLinkHistory(orgId, link?.id ?? null, { page, itemsPerPage: PER_PAGE });
  const items = history.data?.items ?? [];
  return (
    <Dialog
      open={!!link}
      onClose={onClose}
      size="lg"
      title={`History of "${link?.name ?? ''}"`}
      description="Every time a guest opened a door with this link, or was refused, newest first. Times are at each door."
      footer={
        <>
          {page > 1 || items.length === PER_PAGE ? (
            <div className="mr-auto flex gap-2">
              <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={items.length < PER_PAGE}
                onClick={() => setPage((p) => p + 1)}
              >
                Older
              </Button>
            </div>
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <QueryView query={history} loading={{ rows: 3, label: "Loading the link's history" }}>
        {() =>
          items.length === 0 ? (
            <EmptyState
              title={page === 1 ? 'Not used yet' : 'Nothing older'}
              text={
                page === 1
                  ? 'When a guest opens a door with this link, or is refused, it shows here.'
                  : 'These are all of its uses.'
              }
            />
          ) : (
            <ul className="-mx-4 divide-y divide-slate-200 sm:-mx-6" aria-label="Uses of the link">
              {items.map((i) => (
                <HistoryRow key={i.id} item={i} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </Dialog>
  );
}

function HistoryRow({ item }: { item: LinkHistoryEntry }) {
  const r = RESULT[item.result];
  const at = DateTime.fromISO(item.date, { zone: 'utc' }).setZone(item.timeZone);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={r.tone}>{r.badge}</Badge>
          <span className="font-medium text-slate-900">{doorOf(item)}</span>
        </div>
        <div className="text-sm text-slate-600">{r.text}</div>
      </div>
      <div className="text-sm sm:text-right">
        <time dateTime={`${item.date}Z`} className="whitespace-nowrap text-slate-900">
          {at.toFormat('d LLL yyyy, HH:mm')} <span className="text-slate-500">({item.timeZone})</span>
        </time>
        <div className="text-xs text-slate-500">
          {Date.now() - at.toMillis() < 60_000 ? 'just now' : at.toRelative()}
        </div>
      </div>
    </li>
  );
}

/** The door, or what the use concerned when no door was chosen (a visit of the page, the whole link). */
function doorOf(i: LinkHistoryEntry): string {
  if (i.deviceName) return i.deviceId === null ? `${i.deviceName} (removed since)` : i.deviceName;
  return i.result === 'rateLimited' ? 'All doors of the link' : 'Visit of the guest page';
}

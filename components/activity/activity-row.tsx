'use client';

import { DateTime } from 'luxon';
import { Badge } from '@/components/ui';
import type { ActivityItem } from '@/lib/client/activity';
import { PROBLEM_EVENTS } from '@/lib/shared/devices/codes';
import { authorText, eventInfo, type ActivityMethod } from '@/lib/shared/activity/names';

const METHOD: Record<ActivityMethod, string> = {
  app: 'App',
  PIN: 'PIN',
  button: 'Button',
  knob: 'Knob',
  link: 'Link',
  automatic: 'Automatic',
  sensor: 'Sensor',
  device: 'Device',
};

/** One entry: what happened, how, who (or "by hand at the door"), and when at the door. */
export function ActivityRow({ item, deviceName, zone }: { item: ActivityItem; deviceName?: string; zone: string }) {
  const info = eventInfo(item.event);
  const at = DateTime.fromISO(item.date, { zone: 'utc' }).setZone(zone);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{info.name}</span>
          <Badge tone={PROBLEM_EVENTS.has(item.event) ? 'warning' : 'neutral'} icon={false}>
            {METHOD[info.method]}
          </Badge>
        </div>
        <div className="text-sm text-slate-600">
          {authorText(item)}
          {deviceName ? <span> · {deviceName}</span> : null}
        </div>
      </div>
      <div className="text-sm sm:text-right">
        <time dateTime={`${item.date}Z`} className="text-slate-900">
          {at.toFormat('d LLL yyyy, HH:mm:ss')} <span className="text-slate-500">{zone}</span>
        </time>
        {/* the first page is rendered on the server: "2 minutes ago" may read differently by the time it hydrates */}
        <div className="text-xs text-slate-500" suppressHydrationWarning>
          {at.toRelative()}
        </div>
      </div>
    </li>
  );
}

import type { YourHours } from '@/lib/domain/access/hours';

/**
 * The viewer's own hours on a door and, outside them, when they can next open it (computed on the
 * server from the policy's rules, lib/domain/access/hours; worded by schedule-text).
 */
export function YourHoursLine({ hours: h }: { hours: YourHours }) {
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="your-hours">
      <span className="font-medium">Your hours:</span> {h.always ? 'Always' : h.hours}
      {h.dates ? <span> · {h.dates}</span> : null}
      {h.remoteAccessDisabled ? <span> · only at the door (opening from here is off)</span> : null}
      {!h.openNow ? (
        <span className="block text-amber-800 sm:inline">
          {h.nextOpenText ? (
            <>
              <span className="hidden sm:inline"> · </span>You can next open on {h.nextOpenText} ({h.timeZone})
            </>
          ) : (
            <>
              <span className="hidden sm:inline"> · </span>Your access does not open this door again
            </>
          )}
        </span>
      ) : null}
    </p>
  );
}

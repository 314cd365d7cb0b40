'use client';

import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui';
import type { GuestLinkView } from '@/lib/client/links';
import { LockdownBanner } from '@/components/lockdown/banner';
import { GuestDevice } from './guest-device';

type WindowState = GuestLinkView['state'];

/** Recomputed every 15 s, so a page left open becomes usable (or expires) without a reload. */
function useWindowState(initial: WindowState, from: string | null, until: string | null): WindowState {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const compute = () => {
      const now = Date.now();
      if (from && now < Date.parse(from)) return 'notYetValid';
      if (until && now >= Date.parse(until)) return 'expired';
      return 'active';
    };
    setState(compute());
    const t = setInterval(() => setState(compute()), 15_000);
    return () => clearInterval(t);
  }, [from, until]);
  return state;
}

/** The public page of an access link: made for a phone held in front of a door. */
export function GuestLink({
  token,
  link,
  validFromText,
  validUntilText,
}: {
  token: string;
  link: GuestLinkView;
  validFromText: string | null;
  validUntilText: string | null;
}) {
  const state = useWindowState(link.state, link.validFrom, link.validUntil);
  return (
    <main className="mx-auto flex min-h-screen max-w-md min-w-0 flex-col gap-5 break-words px-4 py-6">
      <header>
        <p className="text-sm font-medium text-indigo-700">Access link from {link.organizationName}</p>
        {link.description ? (
          <h1 className="mt-1 whitespace-pre-line text-xl font-semibold text-slate-900">{link.description}</h1>
        ) : (
          <h1 className="mt-1 text-xl font-semibold text-slate-900">Doors you can open</h1>
        )}
      </header>
      {link.lockdown ? <LockdownBanner>{link.lockdown}</LockdownBanner> : null}
      <section aria-label="Validity" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        {state === 'notYetValid' ? (
          <Badge tone="warning">Not yet valid</Badge>
        ) : state === 'expired' ? (
          <>
            <Badge tone="problem">Expired</Badge>
            <p className="mt-2 font-medium text-slate-800">
              This link no longer opens any door. Ask {link.organizationName} for a new link.
            </p>
          </>
        ) : link.lockdown && !link.devices.some((d) => d.canOpen) ? (
          <Badge tone="problem">Locked down</Badge>
        ) : link.hours && !link.devices.some((d) => d.canOpen) ? (
          <Badge tone="warning">Outside its hours now</Badge>
        ) : (
          <Badge tone="ok">Valid now</Badge>
        )}
        <p className="mt-2 text-slate-700">
          {validFromText && validUntilText ? (
            <>
              From {validFromText}
              <br />
              until {validUntilText}
            </>
          ) : (
            'No end date.'
          )}
        </p>
        {link.hours ? <p className="mt-2 font-medium text-slate-800">Opens {link.hours}</p> : null}
      </section>
      {link.devices.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          This link no longer opens any door.
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Doors">
          {link.devices.map((d) => (
            <li key={d.id}>
              <GuestDevice
                token={token}
                // the banner above says why in full; the door says it in short
                device={
                  link.lockdown && d.closedNow === link.lockdown
                    ? { ...d, closedNow: 'Locked down: no link opens it until the lockdown is lifted.' }
                    : d
                }
                usable={state === 'active' && d.canOpen}
              />
            </li>
          ))}
        </ol>
      )}
      <p className="text-center text-sm text-slate-600">
        Trouble with a door? Ask {link.organizationName}, who sent you this link.
      </p>
    </main>
  );
}

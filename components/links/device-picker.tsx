'use client';

import { useState } from 'react';
import { Button, Input } from '@/components/ui';
import { useSiteNames } from '@/components/sites/site-filter';
import { useAttention } from '@/lib/client/devices';
import { useAssignableDevices, type AssignableDevice } from '@/lib/client/links';

export interface PickedDevice {
  id: number;
  name: string;
  type: number;
}

const KIND: Record<number, string> = { 2: 'Lock', 4: 'Lock', 5: 'Gate' };

interface SiteGroup {
  key: string;
  name: string;
  devices: AssignableDevice[];
}

/**
 * The doors by site (issue 35), in the order of the organization's sites (by name), each by name
 * within; doors of no site last. One group without a heading when the organization has no sites.
 */
function bySite(
  devices: AssignableDevice[],
  sites: { id: number; name: string }[],
  nameOf: (id: number | null) => string | null,
): SiteGroup[] {
  if (!sites.length) return [{ key: 'all', name: '', devices }];
  const order = new Map(sites.map((s, i) => [s.id, i]));
  const groups = new Map<string, SiteGroup & { rank: number }>();
  for (const d of devices) {
    const id = d.siteId ?? null;
    const key = id === null ? 'none' : String(id);
    const g = groups.get(key) ?? {
      key,
      name: id === null ? 'No site' : (nameOf(id) ?? 'Another site'),
      devices: [],
      rank: id === null ? Infinity : (order.get(id) ?? sites.length),
    };
    g.devices.push(d);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => a.rank - b.rank);
}

/** Choose the link's doors and their order (the guest page shows them in this order). */
export function DevicePicker({
  orgId,
  value,
  onChange,
  error,
}: {
  orgId: number;
  value: PickedDevice[];
  onChange: (v: PickedDevice[]) => void;
  error?: string | null;
}) {
  const [text, setText] = useState('');
  const found = useAssignableDevices(orgId, { name: text.trim() || undefined });
  const sites = useSiteNames(orgId);
  // the server's one list of doors that cannot open now (the same Home and Devices show), for
  // whoever chooses: owner or administrator, whoever administers the door's bridge
  const attention = useAttention();
  const warn = new Map(attention.data?.cannotOpen.map((d) => [d.deviceId, d.words]));
  const chosen = new Set(value.map((d) => d.id));
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };

  // min-w-0: a fieldset is as wide as its widest line by default, and a warning pushed the dialog
  // past a phone's edge
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={error ? 'device-picker-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Doors{' '}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      </legend>
      {value.length === 0 ? (
        <p className="text-sm text-slate-600">No door chosen yet. Add at least one below.</p>
      ) : (
        <ol className="space-y-1" aria-label="Chosen doors, in order">
          {value.map((d, i) => (
            <li
              key={d.id}
              className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1 text-sm"
            >
              <span className="w-5 text-slate-500">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{d.name}</span>
                {warn.get(d.id) ? (
                  <span className="block whitespace-normal text-xs text-amber-800">⚠ {warn.get(d.id)}</span>
                ) : null}
              </span>
              <span className="text-xs text-slate-500">{KIND[d.type] ?? 'Device'}</span>
              <Button
                size="sm"
                variant="ghost"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Move ${d.name} up`}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move ${d.name} down`}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onChange(value.filter((x) => x.id !== d.id))}
                aria-label={`Remove ${d.name}`}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      {error ? (
        <p id="device-picker-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="rounded-md border border-slate-200 p-2">
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Find locks and gates"
          aria-label="Find doors to add"
        />
        {/* while the doors of the new search are on their way the last ones stay in view, dimmed and
            not to be added: they are about to move, and a press landed on another door or none */}
        <div
          className={`mt-2 max-h-56 overflow-y-auto ${found.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={found.isPlaceholderData}
        >
          {/* the list waits for the sites (its headings) and the warnings too: arriving later they
              pushed the doors down under a pointer about to press Add (a click that added nothing) */}
          {found.isPending || sites.loading || attention.isPending ? (
            <p className="text-sm text-slate-600">Loading doors…</p>
          ) : found.error ? (
            <p className="text-sm text-red-700">{found.error.message}</p>
          ) : found.data.accessLinkDevices.length === 0 ? (
            <p className="text-sm text-slate-600">No lock or gate matches.</p>
          ) : (
            bySite(found.data.accessLinkDevices, sites.sites, sites.nameOf).map((g) => (
              <div key={g.key} role="group" aria-label={g.name || 'Doors'} className="mb-2 last:mb-0">
                {g.name ? (
                  <p className="sticky top-0 z-10 bg-white pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                    {g.name}
                  </p>
                ) : null}
                <ul className="space-y-1">
                  {g.devices.map((d) => (
                    <li key={d.deviceId} className="flex items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 truncate">
                        {d.name} <span className="text-xs text-slate-500">{KIND[d.type] ?? 'Device'}</span>
                        {warn.get(d.deviceId) ? (
                          <span className="block whitespace-normal text-xs text-amber-800">
                            ⚠ {warn.get(d.deviceId)}
                          </span>
                        ) : null}
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={chosen.has(d.deviceId) || found.isPlaceholderData}
                        onClick={() => onChange([...value, { id: d.deviceId, name: d.name, type: d.type }])}
                        aria-label={`Add ${d.name}`}
                      >
                        {chosen.has(d.deviceId) ? 'Added' : 'Add'}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </div>
      </div>
    </fieldset>
  );
}

'use client';

import { useMemo, useState } from 'react';
import { toRows, type DeviceRow } from '@/components/devices/rows';
import { Button, Checkbox, Dialog, EmptyState, errorText, FormError, Input, QueryView } from '@/components/ui';
import { useDeviceDetails, useDoorSensors } from '@/lib/client/devices';
import type { Site } from '@/lib/client/sites';
import { decideSiteChange } from '@/lib/shared/policy';

/**
 * Moves devices into `site`, in two steps: choose (by the site they are in now), then confirm what
 * moves where. The devices offered are the ones the viewer sees that belong to this organization's
 * other sites or to no site (for an administrator limited to some sites, `limit`, only devices of
 * those); the server moves all or none and names any it refuses.
 */
export function MoveDevicesDialog({
  orgId,
  limit,
  site,
  sites,
  onClose,
  onMove,
}: {
  orgId: number;
  limit: number[] | null;
  site: Site | null;
  sites: Site[];
  onClose: () => void;
  onMove: (site: Site, devices: DeviceRow[]) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={!!site}
      onClose={onClose}
      title={site ? `Move devices to "${site.name}"` : ''}
      dismissable={!busy}
      size="md"
    >
      {site ? (
        <MoveForm
          orgId={orgId}
          limit={limit}
          site={site}
          sites={sites}
          onClose={onClose}
          onMove={onMove}
          setBusy={setBusy}
        />
      ) : null}
    </Dialog>
  );
}

function MoveForm({
  orgId,
  limit,
  site,
  sites,
  onClose,
  onMove,
  setBusy,
}: {
  orgId: number;
  limit: number[] | null;
  site: Site;
  sites: Site[];
  onClose: () => void;
  onMove: (site: Site, devices: DeviceRow[]) => Promise<unknown>;
  setBusy: (b: boolean) => void;
}) {
  const details = useDeviceDetails();
  const sensors = useDoorSensors();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const siteName = useMemo(() => new Map(sites.map((s) => [s.id, s.name])), [sites]);
  const where = (r: DeviceRow) => (r.siteId !== null ? (siteName.get(r.siteId) ?? 'another site') : 'no site');

  // this organization's devices elsewhere: in its other sites, or in none (not another organization's)
  const offered = useMemo(
    () =>
      (details.data ? toRows(details.data, sensors.data?.doorSensors) : [])
        .filter((r) => r.siteId !== site.id)
        .filter((r) => (r.siteId !== null ? siteName.has(r.siteId) : (r.organizationId ?? orgId) === orgId))
        .filter((r) => decideSiteChange(limit, 'move', [site.id, r.siteId]).ok)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    [details.data, sensors.data, site.id, siteName, orgId, limit],
  );
  const picked = offered.filter((r) => chosen.has(r.id));
  const q = text.trim().toLowerCase();
  const shown = offered.filter((r) => !q || r.name.toLowerCase().includes(q));
  const groups = [...new Set(shown.map(where))].map((label) => ({
    label,
    rows: shown.filter((r) => where(r) === label),
  }));
  const toggle = (id: number) =>
    setChosen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const count = `${picked.length} ${picked.length === 1 ? 'device' : 'devices'}`;

  async function move() {
    setSending(true);
    setBusy(true);
    setError(null);
    try {
      await onMove(site, picked);
      onClose();
    } catch (e) {
      setError(errorText(e, 'Moving failed.'));
    } finally {
      setSending(false);
      setBusy(false);
    }
  }

  // the second step: what moves where, then Move
  const confirm = (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Move {count} to <strong>{site.name}</strong>? They leave the site they are in now. Each keeps its own time zone.
      </p>
      <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm">
        {picked.map((r) => (
          <li key={r.id} className="px-3 py-2">
            <span className="block font-medium">{r.name}</span>
            <span className="block text-xs text-slate-600">
              {r.typeLabel} · from {where(r)}
            </span>
          </li>
        ))}
      </ul>
      <FormError error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setConfirming(false)} disabled={sending}>
          Back
        </Button>
        <Button onClick={move} loading={sending}>
          Move {count}
        </Button>
      </div>
    </div>
  );

  // the first step: choose the devices
  const choose = (
    <div className="space-y-4">
      {offered.length === 0 ? (
        <EmptyState
          compact
          title="No devices to move"
          text={`Every device you can see in ${limit ? 'the sites you administer' : 'this organization'} is already in ${site.name}.`}
        />
      ) : (
        <>
          <label className="block">
            <span className="sr-only">Search devices</span>
            <Input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search devices by name"
              aria-label="Search devices"
            />
          </label>
          <div className="max-h-72 space-y-3 overflow-y-auto rounded-md border border-slate-200 p-3">
            {groups.length === 0 ? <p className="text-sm text-slate-600">No device matches “{text}”.</p> : null}
            {groups.map((g) => (
              <fieldset key={g.label}>
                <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Now in {g.label}
                </legend>
                <ul className="space-y-1.5">
                  {g.rows.map((r) => (
                    <li key={r.id}>
                      <Checkbox
                        checked={chosen.has(r.id)}
                        onChange={() => toggle(r.id)}
                        label={<span className="font-medium">{r.name}</span>}
                        hint={r.typeLabel}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {offered.length ? 'Cancel' : 'Close'}
        </Button>
        {offered.length ? (
          <Button onClick={() => setConfirming(true)} disabled={!picked.length}>
            {picked.length ? `Continue with ${count}` : 'Choose devices'}
          </Button>
        ) : null}
      </div>
    </div>
  );

  return (
    <QueryView query={details} also={[sensors]} loading={{ rows: 4, label: 'Loading devices' }}>
      {() => (confirming ? confirm : choose)}
    </QueryView>
  );
}

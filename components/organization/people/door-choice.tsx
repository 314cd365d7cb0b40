'use client';

import { useState } from 'react';
import { Button, Checkbox, FieldError, Input } from '@/components/ui';
import { useManageableDoors, type ManageableDoor } from '@/lib/client/people';
import { useDebounced } from '@/lib/client/use-debounced';

/**
 * The doors of a grant, chosen among those the caller may give: searched on the server by a part of
 * the name, the first 50 by name shown (an organization of 10,000 doors is not 10,000 checkboxes).
 * What is chosen stays chosen across searches and is listed above them, each removable.
 */
export function DoorChoice({
  orgId,
  chosen,
  onToggle,
  error,
}: {
  orgId: number;
  chosen: Map<number, ManageableDoor>;
  onToggle: (door: ManageableDoor) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const found = useManageableDoors(orgId, q);
  const doors = found.data?.doors ?? [];
  const total = found.data?.total ?? 0;
  const zones = new Set([...doors, ...chosen.values()].map((d) => d.timeZone));

  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? 'doors-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Doors</legend>
      {chosen.size ? (
        <ul className="flex flex-wrap gap-1" aria-label="Chosen doors">
          {[...chosen.values()].map((d) => (
            <li
              key={d.deviceId}
              className="flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pr-0.5 pl-2 text-sm text-indigo-900"
            >
              {d.name}
              <Button size="sm" variant="ghost" onClick={() => onToggle(d)} aria-label={`Remove ${d.name}`}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Find a door by name"
        aria-label="Find doors"
      />
      <div className="max-h-60 overflow-y-auto rounded-md border border-slate-200 p-2" aria-busy={found.isFetching}>
        {found.isPending ? (
          <p className="text-sm text-slate-600">Loading the doors you may give…</p>
        ) : found.error ? (
          <p className="text-sm text-red-700">{found.error.message}</p>
        ) : doors.length === 0 ? (
          <p className="text-sm text-slate-600">
            {q ? `No door you may give matches “${q}”.` : 'You may give no door.'}
          </p>
        ) : (
          <div className="grid gap-1 sm:grid-cols-2">
            {doors.map((d) => (
              <Checkbox
                key={d.deviceId}
                label={d.name}
                hint={zones.size > 1 ? d.timeZone : undefined}
                checked={chosen.has(d.deviceId)}
                onChange={() => onToggle(d)}
              />
            ))}
          </div>
        )}
        {total > doors.length ? (
          <p className="mt-2 text-xs text-slate-500">
            {doors.length} of {total.toLocaleString('en')} shown: type a part of a name to find the others.
          </p>
        ) : null}
      </div>
      {error ? (
        <FieldError id="doors-error" className="mt-1">
          {error}
        </FieldError>
      ) : null}
    </fieldset>
  );
}

'use client';

import { useId, useState } from 'react';
import { FormField, Input, Spinner } from '@/components/ui';
import { TYPE } from '@/components/devices/labels';
import { useDeviceList, type DeviceListRow } from '@/lib/client/devices';
import { useDebounced } from '@/lib/client/use-debounced';

const SHOWN = 10;

/**
 * The Activity page's device filter: a search box that offers, as you type, the first devices
 * whose name holds the text (of the chosen site), asked of the server (GET /my/device/list): an
 * organization of 10,000 devices is never drawn as 10,000 options. A combobox: arrows move, Enter
 * picks, Escape leaves the choice as it was; "All devices" is always the first option.
 */
export function DevicePicker({
  value,
  valueName,
  siteId,
  onChange,
}: {
  /** the chosen device's id, undefined for all devices */
  value?: number;
  /** its name, when known */
  valueName?: string;
  /** the site whose devices are offered (0: those in no site), undefined for every site */
  siteId?: number;
  /** the chosen id ('' for all devices) and, when picked from the list, its row */
  onChange: (id: string, row?: DeviceListRow) => void;
}) {
  const listId = `devices-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // what is typed, null while not editing (the box then shows the choice)
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced((text ?? '').trim(), 200);
  const list = useDeviceList({ text: search, siteId, orderBy: 'name', page: 1, itemsPerPage: SHOWN }, open);
  const rows = list.data?.devices ?? [];
  const options: { id: string; name: string; kind?: string; row?: DeviceListRow }[] = [
    { id: '', name: 'All devices' },
    ...rows.map((r) => ({ id: String(r.id), name: r.name, kind: TYPE[r.type], row: r })),
  ];
  const more = (list.data?.total ?? 0) - rows.length;
  const shown = text ?? (value ? (valueName ?? `Device ${value}`) : '');

  const pick = (o: (typeof options)[number]) => {
    setText(null);
    setOpen(false);
    if (o.id !== String(value ?? '')) onChange(o.id, o.row);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((a) => Math.max(0, Math.min(options.length - 1, a + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const o = options[active];
      if (o) pick(o);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setText(null);
      setOpen(false);
    }
  };

  return (
    <FormField label="Device">
      {(wiring) => (
        <div className="relative">
          <Input
            {...wiring}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
            type="search"
            autoComplete="off"
            placeholder="All devices"
            value={shown}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setText(null);
              setOpen(false);
            }}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              // the first match, not "All devices", once something is typed
              setActive(e.target.value.trim() ? 1 : 0);
            }}
            onKeyDown={onKeyDown}
          />
          {open ? (
            <div className="absolute z-20 mt-1 w-full min-w-72 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
              <ul id={listId} role="listbox" aria-label="Devices" className="max-h-72 overflow-y-auto">
                {options.map((o, i) => (
                  <li
                    key={o.id || 'all'}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-label={o.name}
                    aria-selected={o.id === String(value ?? '')}
                    // keep the focus in the box: the click picks before the box loses it
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(o)}
                    onMouseEnter={() => setActive(i)}
                    className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 text-sm ${i === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800'}`}
                  >
                    <span className={o.id ? 'min-w-0 truncate font-medium' : 'text-slate-600'}>{o.name}</span>
                    {o.kind ? (
                      <span className="shrink-0 text-xs whitespace-nowrap text-slate-500">{o.kind}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              <p className="border-t border-slate-100 px-3 pt-1.5 pb-1 text-xs text-slate-600" aria-live="polite">
                {list.isFetching && !list.data ? (
                  <span className="flex items-center gap-2">
                    <Spinner /> Looking for devices…
                  </span>
                ) : list.isError ? (
                  'The devices could not be read: try again.'
                ) : rows.length === 0 ? (
                  search ? (
                    `No device matches “${search}”.`
                  ) : (
                    'No devices here.'
                  )
                ) : more > 0 ? (
                  `${more.toLocaleString('en')} more: type part of a name.`
                ) : (
                  `${rows.length} ${rows.length === 1 ? 'device' : 'devices'}.`
                )}
              </p>
            </div>
          ) : null}
        </div>
      )}
    </FormField>
  );
}

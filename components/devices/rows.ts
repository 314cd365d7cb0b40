import type { Attention, DeviceDetails, DoorSensor } from '@/lib/client/devices';
import { TYPE } from './labels';

/** One row of the Devices page, whatever the kind. */
export interface DeviceRow {
  id: number;
  name: string;
  kind: 'lock' | 'bridge' | 'gate' | 'doorSensor';
  typeLabel: string;
  isConnected: boolean | null;
  linked: boolean;
  state: number | null;
  door: number | null;
  battery: number | null;
  charging: boolean;
  /** what the server's one list (GET /my/attention) says of it, in words; empty when nothing */
  problems: string[];
  /** a door the server lists as unable to open now */
  cannotOpen: boolean;
  lastChange: string | null;
}

/**
 * Every device of the viewer: the details' kinds and the door sensors (their own list), each with
 * what the server's attention list says of it (never recomputed here, so Home and Devices agree).
 */
export function toRows(d: DeviceDetails, sensors: DoorSensor[] = [], attention?: Attention): DeviceRow[] {
  const said = new Map<number, string[]>();
  for (const x of [...(attention?.cannotOpen ?? []), ...(attention?.notices ?? [])])
    said.set(x.deviceId, [...(said.get(x.deviceId) ?? []), x.words]);
  const blocked = new Set(attention?.cannotOpen.map((x) => x.deviceId));
  const rows: Omit<DeviceRow, 'problems' | 'cannotOpen'>[] = [
    ...d.locks.map((l) => ({
      id: l.id,
      name: l.name,
      kind: 'lock' as const,
      typeLabel: TYPE[l.type] ?? 'Lock',
      isConnected: l.isConnected,
      linked: true,
      state: l.deviceState?.state ?? null,
      door: l.deviceState?.doorState ?? null,
      battery: l.deviceState?.batteryLevel ?? null,
      charging: l.deviceState?.isCharging ?? false,
      lastChange: l.deviceState?.lastStateChangedDate ?? null,
    })),
    ...d.bridges.map((b) => ({
      id: b.id,
      name: b.name,
      kind: 'bridge' as const,
      typeLabel: 'Bridge',
      isConnected: b.isConnected,
      linked: true,
      state: null,
      door: null,
      battery: null,
      charging: false,
      lastChange: null,
    })),
    ...d.gates.map((g) => ({
      id: g.id,
      name: g.name,
      kind: 'gate' as const,
      typeLabel: 'Gate',
      isConnected: g.isConnected,
      linked: g.isPresentInExternal,
      state: null,
      door: null,
      battery: null,
      charging: false,
      lastChange: null,
    })),
    ...sensors.map((s) => ({
      id: s.id,
      name: s.name,
      kind: 'doorSensor' as const,
      typeLabel: TYPE[s.type] ?? 'Door sensor',
      isConnected: null,
      linked: true,
      state: null,
      door: null,
      battery: s.deviceState.batteryLevel,
      charging: false,
      lastChange: null,
    })),
  ];
  // doors that cannot open first, then other problems, then by name
  return rows
    .map((r) => ({ ...r, problems: said.get(r.id) ?? [], cannotOpen: blocked.has(r.id) }))
    .sort(
      (a, b) =>
        Number(b.cannotOpen) - Number(a.cannotOpen) ||
        Number(b.problems.length > 0) - Number(a.problems.length > 0) ||
        a.name.localeCompare(b.name) ||
        a.id - b.id,
    );
}

export function filterRows(rows: DeviceRow[], f: { q: string; kind: string; problems: string }): DeviceRow[] {
  const q = f.q.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!q || r.name.toLowerCase().includes(q)) &&
      (!f.kind || r.kind === f.kind) &&
      (!f.problems || r.problems.length > 0),
  );
}

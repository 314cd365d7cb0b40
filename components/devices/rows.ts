import type { DeviceDetails, DoorSensor } from '@/lib/client/devices';
import { problemsOf, TYPE } from './labels';

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
  problems: string[];
  lastChange: string | null;
}

/** Every device of the viewer: the details' kinds and the door sensors (their own list). */
export function toRows(d: DeviceDetails, sensors: DoorSensor[] = []): DeviceRow[] {
  const rows: DeviceRow[] = [
    ...d.locks.map((l) => ({
      id: l.id, name: l.name, kind: 'lock' as const, typeLabel: TYPE[l.type] ?? 'Lock', isConnected: l.isConnected, linked: true,
      state: l.deviceState?.state ?? null, door: l.deviceState?.doorState ?? null, battery: l.deviceState?.batteryLevel ?? null,
      charging: l.deviceState?.isCharging ?? false, problems: problemsOf(l), lastChange: l.deviceState?.lastStateChangedDate ?? null,
    })),
    ...d.bridges.map((b) => ({
      id: b.id, name: b.name, kind: 'bridge' as const, typeLabel: 'Bridge', isConnected: b.isConnected, linked: true,
      state: null, door: null, battery: null, charging: false, problems: problemsOf(b), lastChange: null,
    })),
    ...d.gates.map((g) => ({
      id: g.id, name: g.name, kind: 'gate' as const, typeLabel: 'Gate', isConnected: g.isConnected, linked: g.isPresentInExternal,
      state: null, door: null, battery: null, charging: false, problems: problemsOf(g), lastChange: null,
    })),
    ...sensors.map((s) => ({
      id: s.id, name: s.name, kind: 'doorSensor' as const, typeLabel: TYPE[s.type] ?? 'Door sensor', isConnected: null, linked: true,
      state: null, door: null, battery: s.deviceState.batteryLevel, charging: false,
      problems: problemsOf({ isConnected: null, deviceState: { batteryLevel: s.deviceState.batteryLevel } }), lastChange: null,
    })),
  ];
  // problems float to the top, then by name
  return rows.sort((a, b) => b.problems.length - a.problems.length || a.name.localeCompare(b.name) || a.id - b.id);
}

export function filterRows(rows: DeviceRow[], f: { q: string; kind: string; problems: string }): DeviceRow[] {
  const q = f.q.trim().toLowerCase();
  return rows.filter((r) => (!q || r.name.toLowerCase().includes(q)) && (!f.kind || r.kind === f.kind) && (!f.problems || r.problems.length > 0));
}

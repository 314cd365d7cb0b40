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
  /** its site (building) in its organization, null for none or a private device (issue 35) */
  siteId: number | null;
  /** known for gates and door sensors only (their reads carry it); undefined for locks and bridges */
  organizationId?: number | null;
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
      siteId: l.siteId,
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
      siteId: b.siteId,
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
      siteId: g.siteId,
      organizationId: g.organizationId,
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
      siteId: s.siteId,
      organizationId: s.organizationId,
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

/** `site`: '' every site, 'none' devices in no site, else a site's id. */
export function filterRows(
  rows: DeviceRow[],
  f: { q: string; kind: string; problems: string; site?: string },
): DeviceRow[] {
  const q = f.q.trim().toLowerCase();
  const site = f.site === 'none' ? null : f.site ? Number(f.site) : undefined;
  return rows.filter(
    (r) =>
      (!q || r.name.toLowerCase().includes(q)) &&
      (!f.kind || r.kind === f.kind) &&
      (!f.problems || r.problems.length > 0) &&
      (site === undefined || r.siteId === site),
  );
}

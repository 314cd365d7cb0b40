import type { DeviceDetails, DeviceListRow, DoorSensor } from '@/lib/client/devices';
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

/** Every device of the viewer: the details' kinds and the door sensors (their own list), by name. */
export function toRows(d: DeviceDetails, sensors: DoorSensor[] = []): DeviceRow[] {
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
  return rows
    .map((r) => ({ ...r, problems: [], cannotOpen: false }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

const KIND_LABEL: Record<DeviceRow['kind'], string> = {
  lock: 'Lock',
  bridge: 'Bridge',
  gate: 'Gate',
  doorSensor: 'Door sensor',
};

/** A row of GET /my/device/list as the Devices page draws it. */
export function listRow(r: DeviceListRow): DeviceRow {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    typeLabel: r.kind === 'lock' || r.kind === 'doorSensor' ? (TYPE[r.type] ?? KIND_LABEL[r.kind]) : KIND_LABEL[r.kind],
    isConnected: r.isConnected,
    linked: r.linked,
    state: r.state,
    door: r.doorState,
    battery: r.batteryLevel,
    charging: r.isCharging,
    problems: r.problems,
    cannotOpen: r.cannotOpen,
    lastChange: r.lastStateChangedDate,
    siteId: r.siteId,
    organizationId: r.organizationId,
  };
}

import type { Device } from '@/db/schema';
import { callerPart, common, type Loaded } from './shape';

/** Bridge of api-v37.md. */
export function bridgeShape(x: Loaded) {
  const d = x.d;
  // Object.assign rather than a spread: see lockShape
  return Object.assign(common(x, d.isConnected ?? false), {
    beaconMajor: d.beaconMajor ?? 0,
    beaconMinor: d.beaconMinor ?? 0,
    wasConfigured: d.wasConfigured ?? false,
    isUpdating: d.isUpdating ?? false,
    timeZone: d.timeZone,
  });
}

/**
 * Gate of api-v37.md. Connectivity comes from the last synchronization; an unlinked gate
 * (absent from the external system) has no connectivity information: isConnected is null.
 */
export function gateShape(x: Loaded, includeUserSettings = false) {
  const d = x.d;
  const present = d.isPresentInExternal !== false;
  return Object.assign(common(x, present ? d.isConnected === true : null), {
    organizationId: d.organizationId,
    externalId: d.externalId ?? '',
    externalName: d.externalName ?? '',
    externalType: d.externalType ?? '',
    impulseLength: d.impulseLength ?? 0,
    icon: d.icon ?? 0,
    userSettings: callerPart('userSettings', d.type, x, { includeUserSettings }) as Record<string, unknown> | null,
    location: d.location ?? null,
    isPresentInExternal: present,
  });
}

/** Door sensor of api-v37.md: no connectivity of its own (it talks through its lock). */
export function doorSensorShape(x: Loaded, includeUserSettings = false) {
  const d = x.d;
  const sensor: ReturnType<typeof common> & {
    organizationId: Device['organizationId'];
    connectedToLockId: number;
    deviceState: { batteryLevel: number; batteryLevelModifiedTime: string };
    userSettings?: Record<string, unknown>;
  } = Object.assign(common(x, null), {
    organizationId: d.organizationId,
    connectedToLockId: d.connectedToId ?? 0,
    deviceState: {
      batteryLevel: d.batteryLevel ?? 0,
      batteryLevelModifiedTime: (d.batteryLevelModifiedTime ?? d.created).toISOString(),
    },
  });
  const userSettings = callerPart('userSettings', d.type, x, { includeUserSettings });
  if (userSettings !== undefined) sensor.userSettings = userSettings as Record<string, unknown>;
  return sensor;
}

export type GateShape = ReturnType<typeof gateShape>;
export type BridgeShape = ReturnType<typeof bridgeShape>;
export type DoorSensorShape = ReturnType<typeof doorSensorShape>;

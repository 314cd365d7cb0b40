import { and, eq, inArray } from 'drizzle-orm';
import { LOCK_SETTING_DEFAULTS } from '../../lib/shared/devices/codes';
import type { Db } from '../client';
import { DeviceType, devices, sites, type NewDevice } from '../schema';
import { DEMO_HISTORY_DAYS } from './types';

const ZONE = 'Europe/Warsaw';
const H = 3600_000;
const D = 24 * H;

/** Every field of deviceSettings (api-v37.md); doorStateEventLoggingEnabled only where a bridge relays door events. */
function lockSettings(over: Record<string, unknown> = {}, withBridge = true): Record<string, unknown> {
  const s: Record<string, unknown> = {
    ...LOCK_SETTING_DEFAULTS,
    // the demo locks: auto lock, pull spring and open-door alerts on, door events relayed
    autoLockEnabled: true,
    pullSpringEnabled: true,
    pullSpringDuration: 2,
    openDoorAlertEnabled: true,
    doorStateEventLoggingEnabled: true,
    ...over,
  };
  if (!withBridge) delete s.doorStateEventLoggingEnabled;
  return s;
}

const fw = (version: string, updateAvailable = false, wifi?: string) => [
  { softwareType: 0, version, updateAvailable },
  ...(wifi ? [{ softwareType: 1, version: wifi, updateAvailable: false }] : []),
];

type Spec = Omit<NewDevice, 'organizationId' | 'timeZone'> & { bridge?: string; sensorOf?: string };

/** The demo's devices; serial numbers (DEMO-...) are the markers that make seeding idempotent. */
export function deviceSpecs(now: Date): Spec[] {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const state = (s: number, door: number, battery: number, changed: number, extra: Partial<NewDevice> = {}) => ({
    state: s,
    doorState: door,
    isCharging: false,
    batteryLevel: battery,
    batteryLevelModifiedTime: ago(2 * H),
    stateChangeResult: 0,
    lastStateChangedDate: ago(changed),
    ...extra,
  });
  return [
    {
      type: DeviceType.bridge,
      serialNumber: 'DEMO-BR-0001',
      name: 'Main entrance bridge',
      isConnected: true,
      lastSeen: ago(30_000),
      beaconMajor: 4101,
      beaconMinor: 1,
      wasConfigured: true,
      isUpdating: false,
      softwareVersions: fw('2.4.1', false, '1.8.0'),
    },
    {
      type: DeviceType.bridge,
      serialNumber: 'DEMO-BR-0002',
      name: 'Garage bridge',
      isConnected: false,
      lastSeen: ago(3 * D),
      beaconMajor: 4102,
      beaconMinor: 1,
      wasConfigured: true,
      isUpdating: false,
      softwareVersions: fw('2.3.0', true, '1.7.2'),
    },

    {
      type: DeviceType.lockPro,
      serialNumber: 'DEMO-LK-0001',
      name: 'Front door',
      bridge: 'Main entrance bridge',
      beaconMinor: 11,
      ...state(6, 3, 86, 40 * 60_000),
      settings: lockSettings(),
      softwareVersions: fw('3.1.2'),
    },
    {
      type: DeviceType.lockPro,
      serialNumber: 'DEMO-LK-0002',
      name: 'Back door',
      bridge: 'Main entrance bridge',
      beaconMinor: 12,
      ...state(2, 2, 64, 12 * 60_000),
      settings: lockSettings({ autoLockEnabled: false, openDoorAlertThreshold: 600 }),
      softwareVersions: fw('3.0.9', true),
    },
    {
      type: DeviceType.lockGo,
      serialNumber: 'DEMO-LK-0003',
      name: 'Office',
      bridge: 'Main entrance bridge',
      beaconMinor: 13,
      ...state(6, 0, 14, 3 * H),
      settings: lockSettings({ autoLockDelay: 30, openDoorAlertEnabled: false }),
      softwareVersions: fw('1.6.0', true),
    },
    {
      type: DeviceType.lockGo,
      serialNumber: 'DEMO-LK-0004',
      name: 'Storage room',
      bridge: 'Main entrance bridge',
      beaconMinor: 14,
      ...state(6, 0, 92, 26 * H, { isCharging: true }),
      settings: lockSettings({ buttonUnlockEnabled: false, openDoorAlertEnabled: false }),
      softwareVersions: fw('1.6.2'),
    },
    {
      type: DeviceType.lockPro,
      serialNumber: 'DEMO-LK-0005',
      name: 'Garage side door',
      bridge: 'Garage bridge',
      beaconMinor: 21,
      ...state(6, 0, 41, 3 * D + 2 * H),
      settings: lockSettings({ autoLockEnabled: false, isAsync: true, openDoorAlertEnabled: false }),
      softwareVersions: fw('3.0.4', true),
    },
    // No bridge: the lock works over Bluetooth only, so the cloud knows no state for it.
    {
      type: DeviceType.lockGo,
      serialNumber: 'DEMO-LK-0006',
      name: 'Guest apartment 2B',
      settings: lockSettings({ autoLockEnabled: false, openDoorAlertEnabled: false }, false),
      softwareVersions: fw('1.5.8'),
    },

    {
      type: DeviceType.doorSensor,
      serialNumber: 'DEMO-DS-0001',
      name: 'Front door sensor',
      sensorOf: 'Front door',
      batteryLevel: 78,
      batteryLevelModifiedTime: ago(5 * H),
      softwareVersions: fw('1.2.0'),
    },
    {
      type: DeviceType.doorSensor,
      serialNumber: 'DEMO-DS-0002',
      name: 'Back door sensor',
      sensorOf: 'Back door',
      batteryLevel: 17,
      batteryLevelModifiedTime: ago(9 * H),
      softwareVersions: fw('1.1.4', true),
    },

    {
      type: DeviceType.gate,
      serialNumber: 'DEMO-GT-0001',
      name: 'Main gate',
      isConnected: true,
      isPresentInExternal: true,
      lastSeen: ago(60_000),
      externalId: 'ext-gate-1001',
      externalName: 'Main gate (Kolejowa 5)',
      externalType: 'gate',
      impulseLength: 1000,
      icon: 1,
      location: { latitude: 52.2297, longitude: 21.0122 },
      softwareVersions: fw('4.2.0'),
    },
    {
      type: DeviceType.gate,
      serialNumber: 'DEMO-GT-0002',
      name: 'Parking barrier',
      isConnected: false,
      isPresentInExternal: true,
      lastSeen: ago(2 * D),
      externalId: 'ext-gate-1002',
      externalName: 'Parking barrier P1',
      externalType: 'barrier',
      impulseLength: 1500,
      icon: 2,
      location: { latitude: 52.2301, longitude: 21.0131 },
      softwareVersions: fw('4.1.3', true),
    },
    {
      type: DeviceType.gate,
      serialNumber: 'DEMO-GT-0003',
      name: 'Old service gate',
      isConnected: false,
      isPresentInExternal: false,
      lastSeen: ago(45 * D),
      externalId: 'ext-gate-0999',
      externalName: 'Service gate (removed)',
      externalType: 'gate',
      impulseLength: 800,
      icon: 1,
      location: null,
      softwareVersions: fw('3.9.1'),
    },
  ];
}

/** The demo's two buildings (issue 35, sites), and which devices stand in the residence; the rest are in the office building. */
export const DEMO_SITES = { office: 'Office building', residence: 'Residence' } as const;
const IN_RESIDENCE = new Set([
  'Garage bridge',
  'Garage side door',
  'Guest apartment 2B',
  'Parking barrier',
  'Old service gate',
]);

/** The demo organization's sites, made when missing (by name); their ids by key. */
async function seedSites(db: Db, organizationId: number): Promise<Record<keyof typeof DEMO_SITES, number>> {
  const ids = {} as Record<keyof typeof DEMO_SITES, number>;
  for (const [key, name] of Object.entries(DEMO_SITES) as Array<[keyof typeof DEMO_SITES, string]>) {
    const [found] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.organizationId, organizationId), eq(sites.name, name)));
    ids[key] = found?.id ?? (await db.insert(sites).values({ organizationId, name, timeZone: ZONE }).returning())[0].id;
  }
  return ids;
}

/**
 * Creates the devices that do not exist yet (by serial number) and returns all ids by name.
 * Locks are paired after their bridge exists; door sensors after their lock.
 */
export async function seedDevices(db: Db, organizationId: number, now: Date): Promise<Record<string, number>> {
  const specs = deviceSpecs(now);
  const existing = await db
    .select({ id: devices.id, name: devices.name, serialNumber: devices.serialNumber })
    .from(devices)
    .where(
      inArray(
        devices.serialNumber,
        specs.map((s) => s.serialNumber),
      ),
    );
  const bySerial = new Map(existing.map((d) => [d.serialNumber, d.id]));
  // the buildings come with the devices (a demo seeded before sites has the one the migration made)
  const site = specs.some((x) => !bySerial.has(x.serialNumber)) ? await seedSites(db, organizationId) : undefined;
  const ids: Record<string, number> = {};
  for (const s of specs) {
    const found = bySerial.get(s.serialNumber);
    if (found) {
      ids[s.name] = found;
      continue;
    }
    const { bridge, sensorOf, ...row } = s;
    const paired: Partial<NewDevice> = {};
    if (bridge)
      Object.assign(paired, {
        connectedToId: ids[bridge],
        beaconMajor: specs.find((b) => b.name === bridge)!.beaconMajor,
      });
    if (sensorOf) paired.connectedToId = ids[sensorOf];
    if (s.type === DeviceType.lockPro || s.type === DeviceType.lockGo) {
      if (!bridge)
        Object.assign(paired, {
          beaconMajor: null,
          beaconMinor: null,
          state: null,
          doorState: null,
          batteryLevel: null,
        });
    }
    const [d] = await db
      .insert(devices)
      .values({
        ...row,
        ...paired,
        organizationId,
        siteId: site && (IN_RESIDENCE.has(s.name) ? site.residence : site.office),
        timeZone: ZONE,
        created: new Date(now.getTime() - DEMO_HISTORY_DAYS * D),
      })
      .returning({ id: devices.id });
    ids[s.name] = d.id;
  }
  return ids;
}

import { z } from 'zod';
import { instant, int } from '../schema-parts';
import { LOCK_SETTING_DEFAULTS } from '@/lib/shared/devices/codes';

/**
 * The device shapes of api-v37.md as zod schemas: the OpenAPI document (GET /api/v37/openapi.json)
 * is made from them, and every answer of the API tests is checked against it.
 */
const noZone = z.string().describe('date and time, UTC, without a zone suffix');

export const AccessDetails = z
  .object({
    accessLevel: int().describe('0 guest, 1 administrator, 2 owner'),
    remoteAccessDisabled: z.boolean(),
    weekDays: int().nullable().describe('bit mask of allowed weekdays'),
    startDate: instant.nullable(),
    endDate: instant.nullable(),
    dayStartTime: instant.nullable(),
    dayEndTime: instant.nullable(),
  })
  .meta({ id: 'AccessDetails' });

export const SoftwareVersion = z
  .object({ softwareType: int(), version: z.string(), updateAvailable: z.boolean() })
  .meta({ id: 'SoftwareVersion' });

const common = {
  id: int(),
  serialNumber: z.string(),
  name: z.string(),
  userIdentity: z.string(),
  type: int().describe('1 bridge, 2 lock PRO, 4 lock GO, 5 gate, 8 door sensor'),
  created: noZone,
  revision: int(),
  deviceRevision: int(),
  targetDeviceRevision: int(),
  timeZone: z.string(),
  isConnected: z.boolean().nullable(),
  accessLevel: int(),
  accessDetails: AccessDetails.nullable(),
  softwareVersions: z.array(SoftwareVersion),
  siteId: int()
    .nullable()
    .describe("ours (issue 35): the site (building) of the device's organization; null for none or a private device"),
};

export const LockDeviceState = z
  .object({
    state: int(),
    doorState: int(),
    isCharging: z.boolean(),
    batteryLevel: int(),
    stateChangeResult: int(),
    lastStateChangedDate: instant,
  })
  .meta({ id: 'LockDeviceState' });

export const LockDeviceSettings = z
  .object({
    autoLockEnabled: z.boolean(),
    autoLockDelay: z.number(),
    autoLockImplicitEnabled: z.boolean(),
    autoLockImplicitDelay: z.number(),
    pullSpringEnabled: z.boolean(),
    pullSpringDuration: z.number(),
    autoPullSpringEnabled: z.boolean(),
    postponedLockEnabled: z.boolean(),
    postponedLockDelay: z.number(),
    buttonLockEnabled: z.boolean(),
    buttonUnlockEnabled: z.boolean(),
    isAsync: z.boolean(),
    openDoorAlertEnabled: z.boolean(),
    openDoorAlertThreshold: z.number(),
    autoLockAfterDoorClosedEnabled: z.boolean(),
    doorStateEventLoggingEnabled: z.boolean().optional().describe('absent on a lock without a bridge'),
  })
  .meta({ id: 'LockDeviceSettings' });

export const LockUserSettings = z
  .looseObject({
    autoUnlockEnabled: z.boolean(),
    autoUnlockConfirmEnabled: z.boolean(),
    autoUnlockRangeIn: z.number(),
    autoUnlockRangeOut: z.number(),
    autoUnlockTimeout: z.number(),
    location: z.object({ latitude: z.number(), longitude: z.number() }),
  })
  .meta({ id: 'LockUserSettings' });

export const Lock = z
  .object({
    ...common,
    connectedToId: int().nullable(),
    beaconMajor: int().nullable(),
    beaconMinor: int().nullable(),
    deviceState: LockDeviceState.nullable(),
    deviceSettings: LockDeviceSettings,
    userSettings: LockUserSettings.optional().describe('with IncludeUserSettings=true'),
    accessories: z.array(z.unknown()).optional().describe('with IncludeAccessories=true'),
    organizationId: int().nullable().optional().describe('with IncludeOrganization=true (lock list)'),
    organization: z
      .object({ id: int(), name: z.string() })
      .nullable()
      .optional()
      .describe('with IncludeOrganization=true (lock list)'),
    lockProperties: LockDeviceState.nullable()
      .optional()
      .describe("deviceState under its name before Tedee's v1.35 (lock list), for older clients"),
  })
  .meta({
    id: 'Lock',
    // from the demo data (npm run db:seed)
    examples: [
      {
        id: 3,
        serialNumber: 'DEMO-LK-0001',
        name: 'Front door',
        userIdentity: '',
        type: 2,
        created: '2026-11-01T09:00:00',
        revision: 1,
        deviceRevision: 1,
        targetDeviceRevision: 1,
        timeZone: 'Europe/Warsaw',
        isConnected: true,
        accessLevel: 2,
        accessDetails: {
          accessLevel: 2,
          remoteAccessDisabled: false,
          weekDays: null,
          startDate: null,
          endDate: null,
          dayStartTime: null,
          dayEndTime: null,
        },
        softwareVersions: [{ softwareType: 0, version: '3.1.2', updateAvailable: false }],
        siteId: 1,
        connectedToId: 1,
        beaconMajor: 4101,
        beaconMinor: 11,
        deviceState: {
          state: 6,
          doorState: 3,
          isCharging: false,
          batteryLevel: 86,
          stateChangeResult: 0,
          lastStateChangedDate: '2026-11-24T08:20:00.000Z',
        },
        deviceSettings: {
          ...LOCK_SETTING_DEFAULTS,
          autoLockEnabled: true,
          openDoorAlertEnabled: true,
          doorStateEventLoggingEnabled: true,
        },
      },
    ],
  });

export const Bridge = z
  .object({ ...common, beaconMajor: int(), beaconMinor: int(), wasConfigured: z.boolean(), isUpdating: z.boolean() })
  .meta({ id: 'Bridge' });

export const Gate = z
  .object({
    ...common,
    organizationId: int().nullable(),
    externalId: z.string(),
    externalName: z.string(),
    externalType: z.string(),
    impulseLength: z.number(),
    icon: int(),
    userSettings: z.record(z.string(), z.unknown()).nullable(),
    location: z.record(z.string(), z.unknown()).nullable(),
    isPresentInExternal: z.boolean(),
  })
  .meta({ id: 'Gate' });

export const DoorSensor = z
  .object({
    ...common,
    organizationId: int().nullable(),
    connectedToLockId: int(),
    deviceState: z.object({ batteryLevel: int(), batteryLevelModifiedTime: instant }),
    userSettings: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'DoorSensor' });

export const DeviceDetails = z.object({
  bridges: z.array(Bridge),
  locks: z.array(Lock),
  keypads: z.array(z.unknown()),
  gates: z.array(Gate),
  dryContacts: z.array(z.unknown()),
});

export const GatePage = z.object({ page: int(), itemsPerPage: int(), gates: z.array(Gate) });
export const DoorSensorPage = z.object({ page: int(), itemsPerPage: int(), doorSensors: z.array(DoorSensor) });

export const LockSync = z
  .object({
    id: int(),
    isConnected: z.boolean().nullable(),
    deviceState: LockDeviceState.nullable(),
    revision: int(),
    lockProperties: LockDeviceState.nullable().describe('deviceState again, for older clients'),
  })
  .meta({ id: 'LockSync' });

/** GET /my/device: each device in its kind's shape. */
export const AnyDevice = z.union([Lock, Bridge, Gate, DoorSensor]);

export const OperationStatus = z
  .object({
    deviceId: int(),
    operationId: z.string(),
    result: int().nullable().describe('0 success; null while pending'),
    status: z.enum(['PENDING', 'COMPLETED']),
    type: int().describe('0 lock, 1 unlock, 2 pull, 3 gate open'),
  })
  .meta({
    id: 'OperationStatus',
    // from the demo data (npm run db:seed)
    examples: [
      { deviceId: 3, operationId: '5bd37383-ad94-450a-bda4-2eec6bb113f6', result: 0, status: 'COMPLETED', type: 1 },
    ],
  });

export const SignedTime = z.object({
  datetime: z.string().describe('base64 of the signed bytes'),
  signature: z.string(),
});
export const ServicePublicKey = z.object({
  algorithm: z.string(),
  keyId: z.string(),
  publicKey: z.string(),
  format: z.string(),
});

/** 202 of a lock operation: follow it at /my/device/operation/{operationId}. */
export const OperationAccepted = z.object({ operationId: z.string(), lastStateChangedDate: instant }).meta({
  id: 'OperationAccepted',
  // from the demo data (npm run db:seed)
  examples: [{ operationId: '5bd37383-ad94-450a-bda4-2eec6bb113f6', lastStateChangedDate: '2026-11-24T08:20:00.000Z' }],
});

export const DeviceUpdated = z
  .object({ id: int(), revision: int(), targetDeviceRevision: int() })
  .meta({ id: 'DeviceUpdated' });
export type DeviceUpdated = z.infer<typeof DeviceUpdated>;

/** Why a door cannot open now, the most basic reason first: attention lists its doors in this order. */
export const DOOR_REASONS = [
  'bridgeOffline',
  'gateUnlinked',
  'gateDisconnected',
  'lockDisconnected',
  'noBridge',
  'batteryEmpty',
  'jammed',
  'uncalibrated',
  'updating',
] as const;
export type DoorReason = (typeof DOOR_REASONS)[number];

/** What needs a person soon while the door still opens. */
export const NOTICE_REASONS = ['bridgeOffline', 'doorOpen', 'lastCommandTimedOut', 'batteryLow'] as const;
export type NoticeReason = (typeof NOTICE_REASONS)[number];

/** GET /my/attention (our extension): one list of what needs attention, the same for every view. */
export const Attention = z
  .object({
    counts: z
      .object({
        locks: int(),
        locksCannotOpen: int().describe('locks among `locks` that cannot be opened from afar now'),
        locked: int(),
        unlocked: int(),
        gates: int(),
        gatesCannotOpen: int(),
        bridges: int(),
        bridgesOffline: int(),
        doorSensors: int(),
      })
      .describe('each count counts what its name says: bridges and gates are never counted as locks'),
    cannotOpen: z.array(
      z.object({
        deviceId: int(),
        name: z.string(),
        kind: z.enum(['lock', 'gate']),
        organizationId: int().nullable(),
        reason: z.enum(DOOR_REASONS),
        words: z.string().describe('the reason in words'),
        bridge: z
          .object({ id: int(), name: z.string() })
          .nullable()
          .describe("the lock's bridge when the caller may see it; null otherwise, even when the bridge is the reason"),
      }),
    ),
    notices: z.array(
      z.object({
        deviceId: int(),
        name: z.string(),
        kind: z.enum(['lock', 'bridge', 'gate', 'doorSensor']),
        organizationId: int().nullable(),
        reason: z.enum(NOTICE_REASONS),
        words: z.string(),
      }),
    ),
  })
  .meta({ id: 'Attention' });

/** GET /my/device/list (our extension): one page of every kind, doors that cannot open first. */
export const DeviceList = z
  .object({
    page: int(),
    itemsPerPage: int(),
    total: int().describe('devices that match the filters'),
    counts: z
      .object({
        devices: int(),
        cannotOpen: int().describe(
          "doors among them that cannot be opened from afar now (GET /my/attention's cannotOpen)",
        ),
        needAttention: int().describe('other devices among them that need attention (its notices)'),
        withoutSite: z.boolean().describe('some of them are in no site'),
      })
      .describe('every device the caller sees, whatever the filters'),
    devices: z.array(
      z.object({
        id: int(),
        name: z.string(),
        type: int(),
        kind: z.enum(['lock', 'bridge', 'gate', 'doorSensor']),
        organizationId: int().nullable(),
        siteId: int().nullable(),
        timeZone: z.string(),
        isConnected: z
          .boolean()
          .nullable()
          .describe("a lock: its bridge online and linked to it; a gate: its gate system's; null when unknown"),
        linked: z.boolean().describe('a gate still present in its gate system; true for every other kind'),
        state: int().nullable().describe("a paired lock's deviceState.state; null otherwise"),
        doorState: int().nullable(),
        batteryLevel: int().nullable(),
        isCharging: z.boolean(),
        lastStateChangedDate: instant.nullable(),
        cannotOpen: z.boolean(),
        problems: z.array(z.string()).describe('what GET /my/attention says of the device, in words'),
      }),
    ),
  })
  .meta({ id: 'DeviceList' });

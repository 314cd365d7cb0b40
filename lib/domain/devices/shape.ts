import type { Device, SoftwareVersion } from '@/db/schema';
import { DeviceType, isLockType, LOCK_USER_SETTING_DEFAULTS } from '@/lib/shared/devices/codes';
import type { EffectiveAccess } from '../access/effective';
import { fmtNoZone, fmtZ } from '../format';

/** A device row as the reads load it: the row, the caller's access, and the lock's bridge link. */
export interface Loaded {
  d: Device;
  access: EffectiveAccess;
  /** the bridge's isConnected for a paired lock; null otherwise */
  bridgeConnected: boolean | null;
  /** the caller's own settings of the device, when asked for */
  userSettings?: Record<string, unknown> | null;
}

/** What a caller asks to be added to each device (GET /my/device/details and the lock reads). */
export interface ShapeOptions {
  includeUserSettings?: boolean;
  includeAccessories?: boolean;
}

/**
 * The fields of a device's answer that are the caller's rather than the device's: their access,
 * their own settings, what they asked to be added. A kept answer (kept.ts) leaves these open, and
 * keeps every other field as the first reader saw it: a field that depends on the caller must be
 * listed here (tests/api/device-details-kept.test.ts reads as an owner, then as a guest, and fails
 * when the guest's answer differs from one built for them).
 */
export type CallerField = 'accessLevel' | 'accessDetails' | 'userSettings' | 'accessories';
export const CALLER_FIELDS: ReadonlySet<string> = new Set<CallerField>([
  'accessLevel',
  'accessDetails',
  'userSettings',
  'accessories',
]);

/** One caller's field of a device of `type`, as every shape writes it; undefined where the answer leaves it out. */
export function callerPart(
  field: CallerField,
  type: number,
  x: Pick<Loaded, 'access' | 'userSettings'>,
  o: ShapeOptions,
): unknown {
  switch (field) {
    case 'accessLevel':
      return x.access.accessLevel;
    case 'accessDetails':
      return accessDetails(x.access);
    case 'userSettings': {
      const own = x.userSettings ?? {};
      if (isLockType(type)) return o.includeUserSettings ? { ...LOCK_USER_SETTING_DEFAULTS, ...own } : undefined;
      // a gate always has the field: null unless asked for
      if (type === DeviceType.gate) return o.includeUserSettings ? { favorite: false, ...own } : null;
      if (type === DeviceType.doorSensor) return o.includeUserSettings ? { favorite: false, ...own } : undefined;
      return undefined;
    }
    case 'accessories':
      // no accessory hardware is modelled: the list is real but always empty
      return isLockType(type) && o.includeAccessories ? [] : undefined;
  }
}

export function accessDetails(a: EffectiveAccess) {
  return {
    accessLevel: a.accessLevel,
    remoteAccessDisabled: a.remoteAccessDisabled,
    weekDays: a.weekDays,
    startDate: fmtZ(a.startDate),
    endDate: fmtZ(a.endDate),
    dayStartTime: fmtZ(a.dayStartTime),
    dayEndTime: fmtZ(a.dayEndTime),
  };
}

const software = (v: SoftwareVersion[]) =>
  v.map((s) => ({ softwareType: s.softwareType, version: s.version, updateAvailable: s.updateAvailable ?? false }));

/** Fields every device has (api-v37.md "Common device fields"). */
export function common(x: Loaded, isConnected: boolean | null) {
  const d = x.d;
  return {
    id: d.id,
    serialNumber: d.serialNumber,
    name: d.name,
    userIdentity: d.userIdentity,
    type: d.type,
    created: fmtNoZone(d.created),
    revision: d.revision,
    deviceRevision: d.deviceRevision,
    targetDeviceRevision: d.targetDeviceRevision,
    timeZone: d.timeZone,
    isConnected,
    accessLevel: callerPart('accessLevel', d.type, x, {}) as number,
    accessDetails: callerPart('accessDetails', d.type, x, {}) as ReturnType<typeof accessDetails>,
    softwareVersions: software(d.softwareVersions ?? []),
    /** ours (issue 35): the site (building) of its organization; null for none or a private device */
    siteId: d.siteId,
  };
}

import type { Device, SoftwareVersion } from '@/db/schema';
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
    accessLevel: x.access.accessLevel,
    accessDetails: accessDetails(x.access),
    softwareVersions: software(d.softwareVersions ?? []),
    /** ours (issue 35): the site (building) of its organization; null for none or a private device */
    siteId: d.siteId,
  };
}

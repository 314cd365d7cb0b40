import type { DeviceAccess } from '@/db/schema';

/** The parts of an access the audit log shows. */
export const accessFacts = (a: Partial<DeviceAccess>) => ({
  accessLevel: a.accessLevel,
  remoteAccessDisabled: a.remoteAccessDisabled,
  startDate: a.startDate ?? null,
  endDate: a.endDate ?? null,
  weekDays: a.weekDays ?? null,
  dayStartTime: a.dayStartTime ?? null,
  dayEndTime: a.dayEndTime ?? null,
});

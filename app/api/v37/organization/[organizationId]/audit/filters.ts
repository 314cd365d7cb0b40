import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/shared/audit/actions';
import { qArray, qInt, zInstant } from '@/lib/http/query';

const ACTIONS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** The filters of the audit list and its CSV export (the same entries). */
export const auditFilters = {
  /** only entries strictly older than this */
  lastElemDate: zInstant().optional(),
  dateFrom: zInstant().optional(),
  userId: qInt(0, 2147483647).optional(),
  action: qArray(z.enum(ACTIONS), 50).optional(),
  deviceId: qInt(1, 2147483647).optional(),
  /** a person's e-mail: what they did and what was done to them */
  person: z.string().trim().min(1).max(320).optional(),
  /** one site (issue 35): entries about its devices and about the site itself; 0: about devices in no site */
  siteId: qInt(0, 2147483647).optional(),
};

/** The filters as the list and the export take them (the query's `action` is their `actions`). */
export function auditFilterInput(q: z.infer<z.ZodObject<typeof auditFilters>>) {
  return {
    lastElemDate: q.lastElemDate,
    dateFrom: q.dateFrom,
    userId: q.userId,
    actions: q.action,
    deviceId: q.deviceId,
    person: q.person,
    siteId: q.siteId,
  };
}

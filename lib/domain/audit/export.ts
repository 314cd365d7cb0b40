import { DateTime } from 'luxon';
import { csvCell } from '../activity/export';
import type { Ctx } from '../context';
import { requireOrg } from '../policy/enforce';
import { type AuditQuery, listAudit } from './list';
import { type AuditItem, auditWords, viaWords } from '@/lib/shared/audit/words';

const PAGE = 200;

/** The columns of the audit CSV, in order (tests/api/audit-export.test.ts holds them to it). */
export const AUDIT_CSV_HEADER = [
  'id',
  'date_utc',
  'local_time',
  'time_zone',
  'by',
  'via',
  'client_address',
  'action',
  'door',
  'what',
  'changes',
] as const;

function cells(it: AuditItem): (string | number)[] {
  const w = auditWords(it);
  return [
    it.id,
    it.date,
    DateTime.fromISO(it.date, { zone: 'utc' }).setZone(it.timeZone).toFormat('yyyy-MM-dd HH:mm:ss'),
    it.timeZone,
    it.actor.name,
    viaWords(it.actor.via),
    it.clientAddress ?? '',
    it.actionName,
    it.device?.name ?? '',
    w.text,
    w.changes.join('; '),
  ];
}

/**
 * GET /organization/{id}/audit/export: the entries the list answers for the same filters (the same
 * rule, seeAudit, checked before the stream starts), every page of them, in the words of the page
 * (lib/shared/audit/words), times in each entry's door's zone.
 */
export async function exportAudit(
  ctx: Ctx,
  q: Omit<AuditQuery, 'elements' | 'lastElemId'>,
): Promise<ReadableStream<Uint8Array>> {
  await requireOrg(ctx, q.organizationId, 'seeAudit');
  const enc = new TextEncoder();
  const line = (c: (string | number)[]) => enc.encode(c.map(csvCell).join(',') + '\r\n');
  let cursor: { date?: Date; id?: number } = { date: q.lastElemDate };
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(line([...AUDIT_CSV_HEADER]));
    },
    async pull(controller) {
      if (done) return;
      const page = await listAudit(ctx, { ...q, elements: PAGE, lastElemDate: cursor.date, lastElemId: cursor.id });
      for (const it of page) controller.enqueue(line(cells(it)));
      if (page.length < PAGE) {
        done = true;
        controller.close();
        return;
      }
      const last = page[page.length - 1];
      cursor = { date: new Date(last.date), id: last.id };
    },
  });
}

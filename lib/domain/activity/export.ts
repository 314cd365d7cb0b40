import { DateTime } from 'luxon';
import { devices } from '@/db/schema';
import type { Ctx } from '../context';
import { Invalid } from '../errors';
import { activityPage, activityScope, type ActivityItem } from './list';
import { authorText, eventInfo } from '@/lib/shared/activity/names';
import { anyInt } from '@/db/arrays';

const PAGE = 1000;
const HEADER = [
  'id',
  'date_utc',
  'local_time',
  'time_zone',
  'device_id',
  'device_name',
  'event',
  'event_name',
  'method',
  'source',
  'user_id',
  'username',
  'author',
];

/** CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
export function csvCell(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface ExportInput {
  deviceId?: number;
  from?: Date;
  /** entries strictly older than this (default now) */
  to?: Date;
  events?: number[];
  /** one author (users.num_id); 0 = entries without an author */
  author?: number;
  /** the devices of one site; 0 = devices in no site */
  siteId?: number;
}

/**
 * GET /my/deviceactivity/export: the same entries and visibility as the list, as CSV, read page
 * by page with the keyset cursor as the client pulls, so memory stays flat at any size.
 * Access is checked before the stream starts (404 for an unseen device).
 */
export async function exportActivity(ctx: Ctx, input: ExportInput): Promise<ReadableStream<Uint8Array>> {
  if (input.from && input.to && input.to <= input.from) throw Invalid('to: must be later than from.');
  const scope = await activityScope(ctx, input.deviceId);
  const meta = new Map(
    scope.ids.length
      ? (
          await ctx.db
            .select({ id: devices.id, name: devices.name, timeZone: devices.timeZone })
            .from(devices)
            .where(anyInt(devices.id, scope.ids))
        ).map((d) => [d.id, d])
      : [],
  );
  const enc = new TextEncoder();
  let cursor: { date: Date; id?: number } = { date: input.to ?? ctx.now() };
  let done = false;
  const line = (cells: (string | number)[]) => enc.encode(cells.map(csvCell).join(',') + '\r\n');
  const row = (it: ActivityItem) => {
    const d = meta.get(it.deviceId);
    const zone = d?.timeZone ?? 'UTC';
    const local = DateTime.fromISO(it.date, { zone: 'utc' }).setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss');
    const info = eventInfo(it.event);
    return line([
      it.id,
      it.date,
      local,
      zone,
      it.deviceId,
      d?.name ?? '',
      it.event,
      info.name,
      info.method,
      it.source,
      it.userId,
      it.username,
      authorText(it),
    ]);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(line(HEADER));
    },
    async pull(controller) {
      if (done) return;
      const page = await activityPage(ctx, scope, {
        elements: PAGE,
        lastElemDate: cursor.date,
        lastElemId: cursor.id,
        from: input.from,
        events: input.events,
        author: input.author,
        siteId: input.siteId,
      });
      for (const it of page) controller.enqueue(row(it));
      if (page.length < PAGE) {
        done = true;
        controller.close();
        return;
      }
      const last = page[page.length - 1];
      cursor = { date: new Date(`${last.date}Z`), id: last.id };
    },
  });
}

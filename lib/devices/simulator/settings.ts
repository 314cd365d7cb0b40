import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { DeviceTimeout } from '@/lib/domain/errors';
import type { LockSettings } from '../codes';
import { scheduleAutoLock } from './autolock';
import { loadLock, reachable, ref, requireReachable } from './lock-row';
import { reports } from './port';
import { confirmedCommand } from './slot';

/**
 * The lock takes new settings like a PIN change (synchronous for the caller): 428 without a
 * connected bridge, 409 while another command runs, 408 when it stays silent (fault) or its bridge
 * drops meanwhile. Once it has them it works with them (auto lock, spring, door alert) and
 * reports `settingsApplied`. A revision it already has (or a newer one) changes nothing.
 */
export async function pushSettings(db: Db, input: { deviceId: number; revision: number; settings: LockSettings }): Promise<void> {
  requireReachable(await loadLock(db, input.deviceId));
  await confirmedCommand(db, input.deviceId, 'The lock did not confirm the new settings in time.', async () => {
    const lock = await loadLock(db, input.deviceId);
    if (!reachable(lock)) throw DeviceTimeout('The lock went offline before it confirmed the new settings.');
    await db.execute(sql`
      insert into sim_locks (device_id, settings, settings_revision) values (${input.deviceId}, ${JSON.stringify(input.settings)}::jsonb, ${input.revision})
      on conflict (device_id) do update set settings = excluded.settings, settings_revision = excluded.settings_revision
      where sim_locks.settings_revision is null or sim_locks.settings_revision < excluded.settings_revision`);
    await reports().settingsApplied(db, { device: ref(lock), revision: input.revision, at: new Date() });
    const applied = await loadLock(db, input.deviceId);
    scheduleAutoLock(applied.id, applied.state ?? -1, applied.hw);
  });
}

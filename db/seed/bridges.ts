import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { CAPABILITIES } from '../../lib/devices/gateway';
import { saveBridgeLink } from '../../lib/domain/devices/bridge-links';
import { reconcileBridge } from '../../lib/domain/devices/reconcile';
import type { Db } from '../client';
import { decryptSecret } from '../../lib/crypto/secrets';
import { DeviceType, devices, lockPins } from '../schema';

interface DemoBridge {
  serialNumber: string;
  baseUrl: string;
  token: string;
  tokenMode: 'encrypted' | 'plain';
  locks: Array<{ serialNumber: string; id: number }>;
}

/**
 * The demo's bridges are virtual bridges started beside the server (scripts/demo-bridges.mjs), with
 * new tokens each time: at every start the server stores how to reach them (as it stores any
 * bridge, the token encrypted), which of its locks is which on them, and re-reads them (their
 * callback registered, their locks' state taken). DEMO_BRIDGES_FILE names what they wrote.
 */
export async function linkDemoBridges(db: Db, file: string, log: (line: string) => void = () => {}): Promise<void> {
  const { bridges } = JSON.parse(readFileSync(file, 'utf8')) as { bridges: DemoBridge[] };
  for (const b of bridges) {
    const [bridge] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.serialNumber, b.serialNumber), eq(devices.type, DeviceType.bridge)));
    if (!bridge) continue;
    await saveBridgeLink(db, bridge.id, {
      baseUrl: b.baseUrl,
      token: b.token,
      tokenMode: b.tokenMode,
      capabilities: CAPABILITIES,
    });
    const locks = await db
      .select({ id: devices.id, serialNumber: devices.serialNumber })
      .from(devices)
      .where(
        and(
          eq(devices.connectedToId, bridge.id),
          inArray(
            devices.serialNumber,
            b.locks.map((l) => l.serialNumber),
          ),
        ),
      );
    for (const l of locks) {
      const remote = b.locks.find((x) => x.serialNumber === l.serialNumber)!;
      await db.update(devices).set({ remoteId: remote.id }).where(eq(devices.id, l.id));
    }
    // the locks hold the demo's PINs (set up before this start), so their keypads know them
    for (const l of locks) {
      const remote = b.locks.find((x) => x.serialNumber === l.serialNumber)!;
      const pins = await db.select().from(lockPins).where(eq(lockPins.deviceId, l.id));
      if (!pins.length) continue;
      await fetch(`${b.baseUrl}/control/locks/${remote.id}`, {
        method: 'POST',
        headers: { api_token: b.token, 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'pins',
          pins: pins.map((p) => ({
            id: p.id,
            value: decryptSecret(p.valueCiphertext, 'lock_pins', p.id),
            startDate: p.startDate?.toISOString() ?? null,
            endDate: p.endDate?.toISOString() ?? null,
            dayStartTime: p.dayStartTime?.toISOString() ?? null,
            dayEndTime: p.dayEndTime?.toISOString() ?? null,
            weekDays: p.weekDays,
          })),
        }),
      }).catch(() => undefined);
    }
    const read = await reconcileBridge(db, bridge.id).catch(() => 'failed');
    log(`Demo bridge ${b.serialNumber} at ${b.baseUrl}: ${read === 'read' ? 'connected' : 'offline'}.`);
  }
}

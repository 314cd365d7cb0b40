import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/db/client';
import { isLockType } from '@/lib/shared/devices/codes';
import {
  CAPABILITIES,
  type BridgeAddress,
  type Capability,
  type LockAddress,
  type TokenMode,
} from '@/lib/devices/gateway';
import { NotFound } from '../errors';
import { openSealed } from './bridge-links';

/**
 * Where the hardware of a device is, from the service's own tables (devices, bridge_links): the
 * address the gateway is given with every call, so an adapter never reads a table of ours. The
 * API token is decrypted here, for the call, and never logged.
 */

interface Row {
  id: number;
  type: number;
  remote_id: number | null;
  is_connected: boolean | null;
  state: number | null;
  door_state: number | null;
  time_zone: string;
  bridge_id: number | null;
  bridge_type: number | null;
  bridge_connected: boolean | null;
  base_url: string | null;
  token_ciphertext: string | null;
  token_mode: string | null;
  capabilities: unknown;
}

/** Plain tokens by ciphertext: the same ciphertext always opens to the same token (AES-GCM, row-bound). */
const tokens = new Map<string, string>();
function tokenOf(ciphertext: string, bridgeId: number): string {
  const key = `${bridgeId}:${ciphertext}`;
  let t = tokens.get(key);
  if (t === undefined) {
    t = openSealed(ciphertext, bridgeId);
    if (tokens.size > 10_000) tokens.clear();
    tokens.set(key, t);
  }
  return t;
}

const capabilitiesOf = (raw: unknown): Capability[] =>
  Array.isArray(raw) ? (CAPABILITIES.filter((c) => raw.includes(c)) as Capability[]) : [];

function bridgeOf(r: Row): BridgeAddress | null {
  if (r.bridge_id === null || r.base_url === null || r.token_ciphertext === null) return null;
  return {
    id: r.bridge_id,
    type: r.bridge_type ?? 1,
    baseUrl: r.base_url,
    token: tokenOf(r.token_ciphertext, r.bridge_id),
    tokenMode: (r.token_mode === 'plain' ? 'plain' : 'encrypted') as TokenMode,
    isConnected: r.bridge_connected,
    capabilities: capabilitiesOf(typeof r.capabilities === 'string' ? JSON.parse(r.capabilities) : r.capabilities),
  };
}

/** The lock's address (its bridge's, through bridge_links); 404 when it is not a lock. */
export async function lockAddress(db: Db, deviceId: number): Promise<LockAddress> {
  const [r] = rowsOf<Row>(
    await db.execute(sql`
      select d.id, d.type, d.remote_id, d.is_connected, d.state, d.door_state, d.time_zone,
             b.id as bridge_id, b.type as bridge_type, b.is_connected as bridge_connected,
             l.base_url, l.token_ciphertext, l.token_mode, l.capabilities
      from devices d
      left join devices b on b.id = d.connected_to_id
      left join bridge_links l on l.bridge_id = b.id
      where d.id = ${deviceId}`),
  );
  if (!r || !isLockType(r.type)) throw NotFound('Lock');
  return {
    id: r.id,
    type: r.type,
    remoteId: r.remote_id,
    bridge: bridgeOf(r),
    isConnected: r.is_connected,
    state: r.state,
    doorState: r.door_state,
    timeZone: r.time_zone,
  };
}

/** A bridge's address; null when the service has no way to reach it (no link stored). */
export async function bridgeAddress(db: Db, bridgeId: number): Promise<BridgeAddress | null> {
  const [r] = rowsOf<Row>(
    await db.execute(sql`
      select b.id as bridge_id, b.type as bridge_type, b.is_connected as bridge_connected,
             l.base_url, l.token_ciphertext, l.token_mode, l.capabilities
      from devices b join bridge_links l on l.bridge_id = b.id
      where b.id = ${bridgeId}`),
  );
  return r ? bridgeOf(r) : null;
}

const CAPABILITY_WORDS: Record<Capability, string> = {
  pins: 'keep PIN codes: add and change them in the Tedee app',
  settings: 'change the lock’s settings: change them in the Tedee app',
  doorSensor: 'pair or unpair its door sensor: do it in the Tedee app',
  keypad: 'tell the service about its keypad',
  bell: 'tell the service about its bell',
};

/**
 * Why the portal hides a control of a lock (docs/devices.md, "Capabilities"): its bridge speaks only
 * the published Tedee Bridge API, which lacks it. null when the lock's bridge has it (or the lock
 * has no bridge: then the command answers why it cannot reach the lock).
 */
export async function missingCapability(db: Db, lockId: number, capability: Capability): Promise<string | null> {
  const lock = await lockAddress(db, lockId).catch(() => null);
  if (!lock?.bridge || lock.bridge.capabilities.includes(capability)) return null;
  return `This lock’s bridge speaks only the Tedee Bridge API, which cannot ${CAPABILITY_WORDS[capability]}.`;
}

import type { DeviceDetails, DoorSensor } from '@/lib/client/devices';
import { DoorState, LockState, LOW_BATTERY } from '@/lib/devices/codes';

/** One thing that needs a person now, with the one next action that helps. */
export interface Attention {
  key: string;
  /** 0 is the most urgent */
  rank: number;
  tone: 'problem' | 'warning';
  title: string;
  detail: string;
  action: { label: string; href: string };
}

/**
 * What needs attention, most urgent first: a jammed lock (a door that may not be shut), an
 * offline bridge (its locks cannot be reached), an open door, a lock whose last command timed
 * out, low batteries, unlinked or disconnected gates. Pure: built from the API's device lists.
 */
export function attentionOf(d: DeviceDetails, sensors: DoorSensor[] = []): Attention[] {
  const out: Attention[] = [];
  const locksOf = new Map<number, string[]>();
  for (const l of d.locks) {
    if (l.connectedToId) locksOf.set(l.connectedToId, [...(locksOf.get(l.connectedToId) ?? []), l.name]);
  }
  for (const l of d.locks) {
    const s = l.deviceState;
    const page = `/devices/${l.id}`;
    if (s?.state === LockState.semiLocked)
      out.push({ key: `jam-${l.id}`, rank: 0, tone: 'problem', title: `${l.name} is jammed`, detail: 'The bolt stopped half way: the door may not be locked.', action: { label: 'Lock it again', href: page } });
    if (s?.doorState === DoorState.opened)
      out.push({ key: `door-${l.id}`, rank: 2, tone: 'warning', title: `${l.name}: the door is open`, detail: 'Its door sensor reports the door open.', action: { label: 'See its activity', href: `${page}/activity` } });
    if (s?.stateChangeResult === 2)
      out.push({ key: `timeout-${l.id}`, rank: 3, tone: 'warning', title: `${l.name} did not answer its last command`, detail: 'Check that the door is in the state you want.', action: { label: 'Check the lock', href: page } });
    if (s && s.batteryLevel < LOW_BATTERY && !s.isCharging)
      out.push({ key: `bat-${l.id}`, rank: 4, tone: 'warning', title: `${l.name}: battery ${s.batteryLevel}%`, detail: 'Charge it soon, or the lock stops working.', action: { label: 'Open the lock', href: page } });
  }
  for (const b of d.bridges) {
    if (b.isConnected === false) {
      const locks = locksOf.get(b.id) ?? [];
      out.push({
        key: `bridge-${b.id}`, rank: 1, tone: 'problem', title: `${b.name} is offline`,
        detail: locks.length ? `${locks.join(', ')} cannot be reached remotely until it is back. Check its power and Wi-Fi.` : 'Check its power and Wi-Fi.',
        action: { label: 'See the bridge', href: `/devices/${b.id}` },
      });
    }
  }
  for (const g of d.gates) {
    if (g.isPresentInExternal === false)
      out.push({ key: `gate-gone-${g.id}`, rank: 5, tone: 'warning', title: `${g.name} is no longer in the gate system`, detail: 'Links and people cannot open it. Synchronize or remove it.', action: { label: 'Go to gates', href: '/gates' } });
    else if (g.isConnected === false)
      out.push({ key: `gate-off-${g.id}`, rank: 1, tone: 'problem', title: `${g.name} is disconnected`, detail: 'It cannot be opened remotely until the gate system reaches it again.', action: { label: 'Go to gates', href: '/gates' } });
  }
  for (const s of sensors) {
    if (s.deviceState.batteryLevel < LOW_BATTERY)
      out.push({ key: `sensor-${s.id}`, rank: 4, tone: 'warning', title: `${s.name}: battery ${s.deviceState.batteryLevel}%`, detail: 'Replace the battery, or door events stop.', action: { label: 'Go to door sensors', href: '/door-sensors' } });
  }
  return out.sort((a, b) => a.rank - b.rank || a.title.localeCompare(b.title));
}

/** Counts for the overview: locks by state, devices online/offline. */
export function countsOf(d: DeviceDetails) {
  const locked = d.locks.filter((l) => l.deviceState?.state === LockState.locked).length;
  const unlocked = d.locks.filter((l) => l.deviceState && (l.deviceState.state === LockState.unlocked || l.deviceState.state === LockState.pulled)).length;
  const offline = [...d.locks, ...d.bridges, ...d.gates].filter((x) => x.isConnected === false).length;
  return { locks: d.locks.length, locked, unlocked, offline, bridges: d.bridges.length, gates: d.gates.length };
}

import type { Attention as ServerAttention } from '@/lib/client/devices';

/** One thing that needs a person now, with the one next action that helps. */
export interface AttentionItem {
  key: string;
  deviceId: number;
  tone: 'problem' | 'warning';
  /** the badge's word: Cannot open, Offline or Soon */
  badge: string;
  title: string;
  detail: string;
  action: { label: string; href: string };
}

const pageOf = (kind: string, id: number) =>
  kind === 'gate' ? '/gates' : kind === 'doorSensor' ? '/door-sensors' : `/devices/${id}`;

/**
 * The server's one list (GET /my/attention) as rows: doors that cannot open first, in the
 * server's order, then the notices. Only words and links are added here; nothing is recomputed,
 * so Home and Devices show the same doors.
 */
export function attentionItems(a: ServerAttention): AttentionItem[] {
  return [
    ...a.cannotOpen.map((d) => ({
      key: `door-${d.deviceId}`,
      deviceId: d.deviceId,
      tone: 'problem' as const,
      badge: 'Cannot open',
      title: `${d.name} cannot open`,
      detail: d.words,
      action:
        d.reason === 'bridgeOffline' && d.bridge
          ? { label: 'See the bridge', href: `/devices/${d.bridge.id}` }
          : { label: d.kind === 'gate' ? 'Go to gates' : 'Go to the lock', href: pageOf(d.kind, d.deviceId) },
    })),
    ...a.notices.map((n) => ({
      key: `${n.reason}-${n.deviceId}`,
      deviceId: n.deviceId,
      tone: 'warning' as const,
      badge: n.kind === 'bridge' ? 'Offline' : 'Soon',
      title:
        n.kind === 'bridge' ? `${n.name} is offline` : n.reason === 'doorOpen' ? `${n.name}: the door is open` : n.name,
      detail: n.words,
      action: {
        label:
          n.reason === 'doorOpen' ? 'See its activity' : n.kind === 'bridge' ? 'See the bridge' : 'Go to the device',
        href: n.reason === 'doorOpen' ? `/devices/${n.deviceId}/activity` : pageOf(n.kind, n.deviceId),
      },
    })),
  ];
}

/** Per device, what the server says is wrong with it (Devices' "Needs attention" badge). */
export function attentionByDevice(a: ServerAttention | undefined): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!a) return out;
  for (const x of [...a.cannotOpen, ...a.notices]) out.set(x.deviceId, [...(out.get(x.deviceId) ?? []), x.words]);
  return out;
}

/** Home's tiles: each counts what its name says ("Locks 6 · 2 cannot open"). */
export function tilesOf(a: ServerAttention) {
  const c = a.counts;
  const tiles: Array<{ label: string; n: number; note: string | null; href: string }> = [
    {
      label: 'Locks',
      n: c.locks,
      note: c.locksCannotOpen ? `${c.locksCannotOpen} cannot open` : null,
      href: '/devices?kind=lock',
    },
    { label: 'Locked now', n: c.locked, note: null, href: '/devices?kind=lock' },
    { label: 'Unlocked now', n: c.unlocked, note: null, href: '/devices?kind=lock' },
  ];
  if (c.gates)
    tiles.push({
      label: 'Gates',
      n: c.gates,
      note: c.gatesCannotOpen ? `${c.gatesCannotOpen} cannot open` : null,
      href: '/devices?kind=gate',
    });
  if (c.bridges)
    tiles.push({
      label: 'Bridges',
      n: c.bridges,
      note: c.bridgesOffline ? `${c.bridgesOffline} offline` : null,
      href: '/devices?kind=bridge',
    });
  return tiles;
}

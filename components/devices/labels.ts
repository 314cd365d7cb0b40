import type { BadgeTone } from '@/components/ui';

/** Words for the numbers of decisions.md, and what counts as a problem on a device. */

export const STATE: Record<number, string> = {
  0: 'Uncalibrated', 1: 'Calibrating', 2: 'Unlocked', 3: 'Jammed (semi-locked)', 4: 'Unlocking…', 5: 'Locking…',
  6: 'Locked', 7: 'Pulled (latch open)', 8: 'Pulling…', 9: 'Unknown', 18: 'Updating',
};
export const stateTone = (s: number): BadgeTone => (s === 6 ? 'ok' : s === 2 || s === 7 ? 'info' : s === 3 ? 'problem' : s === 4 || s === 5 || s === 8 ? 'neutral' : 'warning');

export const DOOR: Record<number, string> = { 0: 'No door sensor', 1: 'Door sensor offline', 2: 'Door open', 3: 'Door closed', 4: 'Door sensor uncalibrated' };
export const doorTone = (d: number): BadgeTone => (d === 3 ? 'ok' : d === 2 ? 'warning' : d === 1 || d === 4 ? 'problem' : 'neutral');

export const TYPE: Record<number, string> = { 1: 'Bridge', 2: 'Smart lock Pro', 3: 'Keypad', 4: 'Smart lock Go', 5: 'Gate', 6: 'Dry contact', 8: 'Door sensor', 10: 'Keypad Pro' };

export const RESULT: Record<number, string> = { 0: 'Done', 1: 'The lock jammed', 2: 'The lock did not answer in time', 3: 'The command failed' };

export const LEVEL: Record<number, string> = { 0: 'Guest', 1: 'Administrator', 2: 'Owner' };

export const LOW_BATTERY = 20;

/** Connectivity words: a lock without a bridge is reachable only over Bluetooth at the door. */
export function connectivity(isConnected: boolean | null, kind: 'lock' | 'bridge' | 'gate', linked = true): { label: string; tone: BadgeTone } {
  if (kind === 'gate' && !linked) return { label: 'Unlinked', tone: 'warning' };
  if (isConnected === null) return { label: kind === 'lock' ? 'No bridge' : 'Unknown', tone: 'neutral' };
  return isConnected ? { label: 'Connected', tone: 'ok' } : { label: kind === 'gate' ? 'Disconnected' : 'Offline', tone: 'problem' };
}

/** Problems of a device, worst first; an empty list means healthy. */
export function problemsOf(d: { isConnected: boolean | null; deviceState?: { state?: number; batteryLevel?: number; stateChangeResult?: number } | null; isPresentInExternal?: boolean }): string[] {
  const out: string[] = [];
  if (d.isPresentInExternal === false) out.push('unlinked');
  if (d.isConnected === false) out.push('offline');
  const s = d.deviceState;
  if (s?.state === 3) out.push('jammed');
  if (s?.batteryLevel !== undefined && s.batteryLevel < LOW_BATTERY) out.push('battery low');
  if (s?.stateChangeResult === 2) out.push('last command timed out');
  return out;
}

/** Relative time ("3 min ago") for last changes. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

import { Badge } from '@/components/ui';
import { connectivity, DOOR, doorTone, LOW_BATTERY, STATE, stateTone } from './labels';

/** Status badges: always text, colour only as a second cue. */
export function StateBadge({ state }: { state: number }) {
  return <Badge tone={stateTone(state)}>{STATE[state] ?? `State ${state}`}</Badge>;
}

export function DoorBadge({ door }: { door: number }) {
  if (door === 0) return <span className="text-sm text-slate-500">No door sensor</span>;
  return <Badge tone={doorTone(door)}>{DOOR[door] ?? `Door ${door}`}</Badge>;
}

export function BatteryBadge({ level, charging }: { level: number; charging?: boolean }) {
  const low = level < LOW_BATTERY;
  return (
    <Badge
      tone={low ? 'warning' : 'neutral'}
      icon={low}
      title={low ? 'Battery low: replace or charge soon' : undefined}
    >
      {low ? `Battery low ${level}%` : `Battery ${level}%`}
      {charging ? ' · charging' : ''}
    </Badge>
  );
}

export function ConnectivityBadge({
  isConnected,
  kind,
  linked,
}: {
  isConnected: boolean | null;
  kind: 'lock' | 'bridge' | 'gate' | 'doorSensor';
  linked?: boolean;
}) {
  const c = connectivity(isConnected, kind, linked);
  return <Badge tone={c.tone}>{c.label}</Badge>;
}

'use client';

import { useState } from 'react';
import { Badge, Button, Card, TextField } from '@/components/ui';
import { useSimAction, useSimDevice, type Lock, type SimAction } from '@/lib/client/devices';
import { DoorState, LockState } from '@/lib/shared/devices/codes';

const FAULTS = [
  ['timeout', 'Next command times out'],
  ['slow', 'Next command is slow'],
  ['jam', 'Next command jams'],
] as const;

/**
 * Demo controls of the simulated hardware, shown only where the control plane is on
 * (SIM_CONTROL=1) and to those the policy lets drive it (owner, active administrators): what
 * would happen at the door, so the rest of the portal can be watched reacting to it.
 */
export function SimPanel({ lock }: { lock: Lock }) {
  const sim = useSimDevice(lock.id);
  const act = useSimAction();
  const [battery, setBattery] = useState('15');
  if (!sim.data) return null;
  const run = (body: SimAction, id = lock.id) => act.mutate({ id, body });
  const s = lock.deviceState;
  const next = s?.state === LockState.locked ? 'unlock' : 'lock';
  const level = Number(battery);
  const batteryOk = Number.isInteger(level) && level >= 0 && level <= 100;
  return (
    <Card
      title="Simulator (stands in for the hardware)"
      description="This lock is on a virtual bridge: what you do below happens at its door, and the bridge tells the service as a real one would (its events), so the rest of the portal reacts to it."
    >
      <div className="flex flex-col gap-4 text-sm">
        {lock.connectedToId ? (
          <Row label="Bridge">
            <Button
              size="sm"
              variant="secondary"
              disabled={act.isPending}
              onClick={() => run({ action: lock.isConnected ? 'disconnect' : 'connect' }, lock.connectedToId!)}
            >
              {lock.isConnected ? 'Disconnect the bridge' : 'Reconnect the bridge'}
            </Button>
          </Row>
        ) : null}
        {s && s.doorState !== DoorState.noSensor ? (
          <Row label="Door">
            <Button
              size="sm"
              variant="secondary"
              disabled={act.isPending}
              onClick={() => run({ action: 'door', open: s.doorState !== DoorState.opened })}
            >
              {s.doorState === DoorState.opened ? 'Close the door' : 'Open the door'}
            </Button>
          </Row>
        ) : null}
        <Row label="At the door">
          <Button
            size="sm"
            variant="secondary"
            disabled={act.isPending}
            onClick={() => run({ action: 'press', how: 'button', operation: next })}
          >
            Press the button ({next})
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={act.isPending}
            onClick={() => run({ action: 'press', how: 'knob', operation: next })}
          >
            Turn the knob
          </Button>
          <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => run({ action: 'bell' })}>
            Ring the bell
          </Button>
        </Row>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label="Battery level (%)"
            error={batteryOk ? undefined : 'A whole number from 0 to 100'}
            inputMode="numeric"
            className="w-24"
            value={battery}
            onValue={setBattery}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={act.isPending || !batteryOk}
            onClick={() => run({ action: 'battery', level })}
          >
            Report battery
          </Button>
        </div>
        <Row label="Faults">
          {FAULTS.map(([f, label]) => (
            <Button
              key={f}
              size="sm"
              variant={sim.data?.pendingFault === f ? 'primary' : 'secondary'}
              disabled={act.isPending}
              onClick={() => run({ action: 'fault', fault: sim.data?.pendingFault === f ? null : f })}
              aria-pressed={sim.data?.pendingFault === f}
            >
              {label}
            </Button>
          ))}
        </Row>
        <div role="status" aria-live="polite">
          {act.isError ? (
            <Badge tone="problem">{act.error.message}</Badge>
          ) : sim.data.pendingFault ? (
            <Badge tone="warning">
              Armed: the next command{' '}
              {sim.data.pendingFault === 'jam' ? 'jams' : sim.data.pendingFault === 'slow' ? 'is slow' : 'times out'}
            </Badge>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <div className="mb-1 font-medium text-slate-700">{label}</div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

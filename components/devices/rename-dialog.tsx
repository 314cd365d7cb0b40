'use client';

import { useState } from 'react';
import { FormDialog, useToast, TextField } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useUpdateDoorSensor, type DoorSensor } from '@/lib/client/devices';

/**
 * Rename a door sensor with the revision it was read at: when someone else changed it meanwhile
 * (409), the dialog says so and offers their version instead of overwriting it.
 */
export function RenameDialog({ sensor, onClose }: { sensor: DoorSensor | null; onClose: () => void }) {
  const [name, setName] = useState(sensor?.name ?? '');
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const update = useUpdateDoorSensor();
  const toast = useToast();
  if (!sensor) return null;
  const trimmed = name.trim();
  async function submit() {
    setError(null);
    try {
      await update.mutateAsync({ id: sensor!.id, revision: sensor!.revision, name: trimmed });
    } catch (e) {
      const conflict = e instanceof ApiError && e.status === 409;
      setError({
        conflict,
        text: conflict
          ? 'Someone else changed this sensor while you were renaming it. Close this, look at its new name, and rename it again if you still want to.'
          : e instanceof Error
            ? e.message
            : 'Renaming failed.',
      });
      return false;
    }
    toast.success(`Renamed to ${trimmed}`);
  }
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Rename ${sensor.name}`}
      cancelLabel={error?.conflict ? 'Close' : 'Cancel'}
      submitLabel="Rename"
      submitHidden={error?.conflict}
      submitDisabled={!trimmed || trimmed === sensor.name || trimmed.length > 100}
      error={error?.text}
      onSubmit={submit}
    >
      <TextField
        label="Name"
        error={trimmed ? undefined : 'The sensor needs a name'}
        value={name}
        maxLength={100}
        onValue={setName}
      />
    </FormDialog>
  );
}

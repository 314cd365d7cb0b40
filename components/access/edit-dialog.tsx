'use client';

import { useState } from 'react';
import { Button, Checkbox, Dialog, FormField, Select, useToast } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useUpdateAccess, type AccessRecord } from '@/lib/client/access';
import { ScheduleFields, scheduleBody, scheduleFrom, type ScheduleErrors } from './schedule-fields';

/** Change role, remote access and schedule of one access. Mounted per record, so state starts from it. */
export function EditAccessDialog({
  access,
  onClose,
  zone,
}: {
  access: AccessRecord;
  onClose: () => void;
  zone: string;
}) {
  const toast = useToast();
  const update = useUpdateAccess(access.deviceId);
  const [level, setLevel] = useState(access.accessLevel);
  const [remote, setRemote] = useState(!access.remoteAccessDisabled);
  const [schedule, setSchedule] = useState(scheduleFrom(access, zone));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { body, errors: se } = scheduleBody(schedule, zone);
    setErrors(se);
    if (!body) return;
    setServerError(null);
    try {
      await update.mutateAsync({ id: access.id, body: { ...body, accessLevel: level, remoteAccessDisabled: !remote } });
      toast.success(`Access of ${access.principalName} updated.`);
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.messages.join(' ') : 'Saving failed. Please try again.');
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dismissable={!update.isPending}
      size="lg"
      title={`Edit access of ${access.principalName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-access-form" loading={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="edit-access-form" onSubmit={submit} noValidate className="space-y-4">
        {serverError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        ) : null}
        <FormField label="Role">
          <Select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
            <option value={0}>Guest</option>
            <option value={1}>Administrator</option>
          </Select>
        </FormField>
        <Checkbox label="Allow opening remotely" checked={remote} onChange={(e) => setRemote(e.target.checked)} />
        <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} zone={zone} />
      </form>
    </Dialog>
  );
}

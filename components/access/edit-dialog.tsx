'use client';

import { useState } from 'react';
import { FormDialog, useToast } from '@/components/ui';
import { messagesByField } from '@/lib/client/api';
import { useUpdateAccess, type AccessRecord } from '@/lib/client/access';
import { AccessRoleFields } from './role-fields';
import {
  SCHEDULE_SENT,
  forgetIn,
  ScheduleFields,
  scheduleBody,
  scheduleFrom,
  scheduleRefusal,
  type ScheduleErrors,
} from './schedule-fields';

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
  const forget = forgetIn(setErrors);

  async function submit() {
    const { body, errors: se } = scheduleBody(schedule, zone);
    setErrors(se);
    if (!body) return false;
    try {
      await update.mutateAsync({ id: access.id, body: { ...body, accessLevel: level, remoteAccessDisabled: !remote } });
    } catch (err) {
      // a refusal about the schedule ("endDate: …") under its field, the rest above the form
      const { general, byField } = messagesByField(err, SCHEDULE_SENT);
      setErrors(scheduleRefusal(byField));
      if (general) throw new Error(general);
      return false;
    }
    toast.success(`Access of ${access.principalName} updated.`);
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      size="lg"
      title={`Edit access of ${access.principalName}`}
      submitLabel={update.isPending ? 'Saving…' : 'Save'}
      onSubmit={submit}
    >
      <AccessRoleFields level={level} onLevel={setLevel} remote={remote} onRemote={setRemote} thing="device" />
      <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} onEdit={forget} zone={zone} />
    </FormDialog>
  );
}

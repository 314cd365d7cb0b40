'use client';

import { useEffect, useRef, useState } from 'react';
import { FormDialog, FormError, FormField, Input, Select, useToast, TextField } from '@/components/ui';
import { messagesByField } from '@/lib/client/api';
import { useGrantAccess, useOrgGroups } from '@/lib/client/access';
import { AccessRoleFields } from './role-fields';
import {
  emptySchedule,
  SCHEDULE_SENT,
  forgetIn,
  ScheduleFields,
  scheduleBody,
  scheduleRefusal,
  type ScheduleErrors,
} from './schedule-fields';

interface Props {
  open: boolean;
  onClose: () => void;
  deviceId: number;
  organizationId: number | null;
  zone: string;
  /** the viewer's level: an administrator may not hand out more than they have */
  myLevel: number;
}

/** The body's fields a refusal may name ("endDate: …"), said under the dialog's field. */
const SENT = ['userEmail', 'principalId', ...SCHEDULE_SENT] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Invite a person by e-mail (pending until they sign up) or pick a group of the device's organization. */
export function ShareDialog({ open, onClose, deviceId, organizationId, zone, myLevel }: Props) {
  const toast = useToast();
  const grant = useGrantAccess(deviceId);
  const groups = useOrgGroups(open ? organizationId : null);
  const [kind, setKind] = useState<0 | 1>(0);
  const [email, setEmail] = useState('');
  const [groupId, setGroupId] = useState('');
  const [level, setLevel] = useState(0);
  const [remote, setRemote] = useState(true);
  const [schedule, setSchedule] = useState(emptySchedule());
  const [errors, setErrors] = useState<ScheduleErrors & { email?: string; group?: string }>({});
  const forget = forgetIn(setErrors);
  const [serverError, setServerError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // a server error takes the focus, so it is read out and Esc still closes the dialog
  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);
  const groupList = groups.data ?? [];
  const pickGroup = groups.isSuccess && groupList.length > 0;

  function reset() {
    setEmail('');
    setGroupId('');
    setLevel(0);
    setRemote(true);
    setSchedule(emptySchedule());
    setErrors({});
    setServerError(null);
  }

  // every way out (Cancel, Esc, the X) forgets this attempt: the next opening starts clean
  function close() {
    reset();
    onClose();
  }

  async function submit() {
    const { body, errors: se } = scheduleBody(schedule, zone);
    const errs: typeof errors = { ...se };
    if (kind === 0 && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      errs.email = 'Enter an e-mail address like name@example.com.';
    if (kind === 1 && !UUID.test(groupId.trim()))
      errs.group = pickGroup ? 'Choose a group.' : 'Paste the id of a group of this organization.';
    setErrors(errs);
    if (!body || errs.email || errs.group) return false;
    setServerError(null);
    try {
      const r = await grant.mutateAsync({
        ...body,
        principalType: kind,
        ...(kind === 0 ? { userEmail: email.trim() } : { principalId: groupId.trim() }),
        accessLevel: level,
        remoteAccessDisabled: !remote,
      });
      toast.success(
        r.principalId === r.id
          ? `Invitation saved: ${r.displayName} gets access after signing up.`
          : `Shared with ${r.displayName}.`,
      );
    } catch (err) {
      const { general, byField: f } = messagesByField(err, SENT);
      setErrors({ email: f.userEmail, group: f.principalId, ...scheduleRefusal(f) });
      setServerError(general);
      return false;
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      size="lg"
      title="Share this device"
      description="People without an account get an invitation: the access starts when they sign up with that e-mail."
      submitLabel={grant.isPending ? 'Sharing…' : 'Share'}
      onSubmit={submit}
    >
      <FormError ref={alertRef} tabIndex={-1}>
        {serverError}
      </FormError>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-800">Share with</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="kind"
            checked={kind === 0}
            onChange={() => setKind(0)}
            className="accent-indigo-600"
          />{' '}
          A person
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="kind"
            checked={kind === 1}
            onChange={() => setKind(1)}
            className="accent-indigo-600"
          />{' '}
          A group
        </label>
      </fieldset>
      {kind === 0 ? (
        <FormField label="E-mail" required error={errors.email}>
          <Input
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              // the error goes as soon as the address is fixed, not at the next submit
              if (errors.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.target.value.trim()))
                setErrors((x) => ({ ...x, email: undefined }));
            }}
            placeholder="name@example.com"
          />
        </FormField>
      ) : pickGroup ? (
        <FormField label="Group" required error={errors.group}>
          <Select
            value={groupId}
            onChange={(e) => {
              setGroupId(e.target.value);
              if (e.target.value) setErrors((x) => ({ ...x, group: undefined }));
            }}
          >
            <option value="">Choose a group…</option>
            {groupList.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : (
        <TextField
          label="Group id"
          required
          error={errors.group}
          hint={
            groups.isLoading
              ? 'Loading groups…'
              : "The organization's groups could not be listed for you: paste a group id."
          }
          value={groupId}
          placeholder="00000000-0000-0000-0000-000000000000"
          onValue={(v) => {
            setGroupId(v);
            setErrors((x) => ({ ...x, group: undefined }));
          }}
        />
      )}
      <AccessRoleFields
        level={level}
        onLevel={setLevel}
        remote={remote}
        onRemote={setRemote}
        mayAdminister={myLevel >= 1}
        thing="device"
      />
      <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} onEdit={forget} zone={zone} />
    </FormDialog>
  );
}

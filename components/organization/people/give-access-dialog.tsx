'use client';

import { useEffect, useRef, useState } from 'react';
import { AccessRoleFields } from '@/components/access/role-fields';
import {
  emptySchedule,
  forgetIn,
  ScheduleFields,
  scheduleBody,
  type ScheduleErrors,
} from '@/components/access/schedule-fields';
import { Badge, Button, Dialog, FormError, useToast, TextField } from '@/components/ui';
import type { BadgeTone } from '@/components/ui';
import { apiMessage } from '@/lib/client/api';
import {
  useBulkGrant,
  type BulkGrantResult,
  type ManageableDoor,
  type PersonKey,
  type PersonPage,
} from '@/lib/client/people';
import { DoorChoice } from './door-choice';

const OUTCOME: Record<string, { tone: BadgeTone; label: string }> = {
  created: { tone: 'ok', label: 'Given' },
  updated: { tone: 'ok', label: 'Changed to this schedule' },
  unchanged: { tone: 'neutral', label: 'Already so' },
  refused: { tone: 'problem', label: 'Refused' },
  notApplied: { tone: 'neutral', label: 'Not given (another door was refused)' },
};

/**
 * Give access to doors: several doors, one role and schedule, one request. The server gives all or
 * nothing and answers per door; the answer is shown here as it came.
 */
export function GiveAccessDialog({
  orgId,
  orgTimeZone,
  personKey,
  person,
  onClose,
  onGiven,
}: {
  orgId: number;
  /** the organization's zone: the schedule's times are read in it until a door is chosen */
  orgTimeZone: string;
  /** null: someone new or not on the list, by e-mail */
  personKey: PersonKey | null;
  person: Pick<PersonPage['person'], 'displayName' | 'pending'> | null;
  onClose: () => void;
  /** after a successful grant: who it was for (the new person's page is theirs to open) */
  onGiven?: (person: NonNullable<BulkGrantResult['person']>) => void;
}) {
  const grant = useBulkGrant(orgId, personKey);
  const toast = useToast();
  const [chosen, setChosen] = useState<Map<number, ManageableDoor>>(new Map());
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState(0);
  const [remote, setRemote] = useState(true);
  const [schedule, setSchedule] = useState(emptySchedule());
  const [errors, setErrors] = useState<ScheduleErrors & { doors?: string; email?: string }>({});
  const forget = forgetIn(setErrors);
  const [serverError, setServerError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<BulkGrantResult | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError || answer) alertRef.current?.focus();
  }, [serverError, answer]);

  // the schedule's times are read in the chosen doors' zone (the organization's until one is chosen)
  const zones = [...new Set([...chosen.values()].map((d) => d.timeZone))];
  const zone = zones[0] ?? orgTimeZone;
  const nameOf = (id: number) => chosen.get(id)?.name ?? `Device ${id}`;
  const toggle = (d: ManageableDoor) => {
    // the "choose a door" error is answered by choosing one
    setErrors(({ doors: _, ...rest }) => rest);
    setChosen((s) => {
      const n = new Map(s);
      if (n.has(d.deviceId)) n.delete(d.deviceId);
      else n.set(d.deviceId, d);
      return n;
    });
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { body, errors: se } = scheduleBody(schedule, zone);
    const errs: typeof errors = { ...se };
    if (!chosen.size) errs.doors = 'Choose at least one door.';
    if (!personKey && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
      errs.email = 'Enter an e-mail address like name@example.com.';
    setErrors(errs);
    if (!body || errs.doors || errs.email) return;
    setServerError(null);
    setAnswer(null);
    try {
      const r = await grant.mutateAsync({
        ...body,
        person: personKey ?? { userEmail: email.trim() },
        deviceIds: [...chosen.keys()],
        accessLevel: level,
        remoteAccessDisabled: !remote,
      });
      setAnswer(r);
      if (r.success) {
        const n = r.doors?.filter((d) => d.outcome === 'created' || d.outcome === 'updated').length ?? 0;
        const who = r.person?.displayName ?? person?.displayName ?? 'They';
        toast.success(n ? `${who}: ${n} ${n === 1 ? 'door' : 'doors'} given` : 'Nothing to change');
      }
    } catch (err) {
      setServerError(apiMessage(err));
    }
  }

  const done = answer?.success;
  return (
    <Dialog
      open
      onClose={onClose}
      dismissable={!grant.isPending}
      size="lg"
      title={person ? `Give ${person.displayName} access to doors` : 'Give someone access to doors'}
      description={
        !person
          ? 'Someone without an account gets an invitation to each door, the access waiting until they sign up. One role and one schedule for every door; all or nothing.'
          : person.pending
            ? 'They have no account yet: each door waits as an invitation to their address until they sign up.'
            : 'One role and one schedule for every door you choose. All or nothing: if one door is refused, none is given.'
      }
      footer={
        done ? (
          <Button
            onClick={() => {
              onClose();
              if (answer?.person) onGiven?.(answer.person);
            }}
          >
            {onGiven ? 'Open their page' : 'Done'}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={grant.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="give-access-form" loading={grant.isPending}>
              {grant.isPending
                ? 'Giving…'
                : `Give access${chosen.size ? ` to ${chosen.size} ${chosen.size === 1 ? 'door' : 'doors'}` : ''}`}
            </Button>
          </>
        )
      }
    >
      {answer?.success ? (
        // the outcome, not an error: a status in green (FormError is the red one)
        <div
          ref={alertRef}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          <PerDoor answer={answer} heading="Done. Per door:" nameOf={nameOf} />
        </div>
      ) : (
        <FormError ref={alertRef} tabIndex={-1} className="mb-4">
          {serverError ??
            (answer ? (
              <PerDoor answer={answer} heading="Nothing was given: a door was refused. Per door:" nameOf={nameOf} />
            ) : null)}
        </FormError>
      )}
      {done ? null : (
        <form id="give-access-form" onSubmit={submit} noValidate className="space-y-4">
          {personKey ? null : (
            <TextField
              label="E-mail"
              required
              error={errors.email}
              type="email"
              autoComplete="off"
              value={email}
              placeholder="name@example.com"
              onValue={setEmail}
            />
          )}
          <DoorChoice orgId={orgId} chosen={chosen} onToggle={toggle} error={errors.doors} />
          <AccessRoleFields level={level} onLevel={setLevel} remote={remote} onRemote={setRemote} thing="door" />
          {zones.length > 1 ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              The doors you chose are in different time zones; the times below are read in {zone}.
            </p>
          ) : null}
          <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} onEdit={forget} zone={zone} />
        </form>
      )}
    </Dialog>
  );
}

/** The server's answer, door by door. */
function PerDoor({
  answer,
  heading,
  nameOf,
}: {
  answer: BulkGrantResult;
  heading: string;
  nameOf: (id: number) => string;
}) {
  return (
    <>
      <p className="font-medium">{heading}</p>
      <ul className="mt-1 space-y-1">
        {answer.doors?.map((d) => (
          <li key={d.deviceId} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{d.deviceName ?? nameOf(d.deviceId)}</span>
            <Badge tone={OUTCOME[d.outcome].tone} icon={false}>
              {OUTCOME[d.outcome].label}
            </Badge>
            {d.error ? <span>{d.error.message}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

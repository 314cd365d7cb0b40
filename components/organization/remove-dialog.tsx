'use client';

import { useState } from 'react';
import { ConfirmDialog, Spinner } from '@/components/ui';
import {
  useOrgPerson,
  useRemovePerson,
  useRoleChange,
  type MyOrganization,
  type OrgUser,
} from '@/lib/client/organization';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/** What removal ends, in words ("4 device accesses and 1 group will be removed"); only what there is. */
function removalWords(r: { deviceAccesses: number; groups: number; invitations: number }, leaving: boolean): string {
  const parts = [
    r.deviceAccesses > 0 && count(r.deviceAccesses, 'device access', 'device accesses'),
    r.groups > 0 && count(r.groups, 'group', 'groups'),
    r.invitations > 0 && count(r.invitations, 'waiting device invitation', 'waiting device invitations'),
  ].filter((p): p is string => !!p);
  if (!parts.length)
    return `Only ${leaving ? 'your' : 'the'} membership ends: there are no device accesses, groups or device invitations to remove`;
  return `${list.format(parts)} will be removed`;
}

/**
 * Remove a person, or leave (their own row): the confirmation states what ends, read from the
 * server (GET .../user/{id} `removal`) so it is what the removal will really do.
 */
export function RemoveDialog({
  org,
  person,
  onClose,
  onDone,
}: {
  org: MyOrganization;
  person: OrgUser | null;
  onClose: () => void;
  onDone: (leaving: boolean) => void;
}) {
  const id = person?.organizationUserId ?? null;
  const preview = useOrgPerson(org.id, id);
  const remove = useRemovePerson(org.id);
  const leaving = id !== null && id === org.organizationUserId;
  const r = preview.data?.removal;
  const who = leaving ? 'You' : (person?.displayName ?? '');
  // what they handed out ends with them unless the remover keeps it (and then answers for it)
  const [endGrants, setEndGrants] = useState(true);
  const grants = r?.grantsMade ?? [];
  const message = preview.isPending ? (
    <span className="inline-flex items-center gap-2">
      <Spinner /> Checking what {leaving ? 'you have' : 'they have'} here…
    </span>
  ) : r ? (
    <div className="space-y-2">
      <p className="font-medium">{removalWords(r, leaving)}.</p>
      <p>
        {r.devices > 0
          ? `${who} ${leaving ? 'lose' : 'loses'} access to ${count(r.devices, 'device', 'devices')} of ${org.name} at once, and offline keys on ${leaving ? 'your' : 'their'} phones stop working.`
          : `${who} ${leaving ? 'have' : 'has'} no access to devices of ${org.name}, so no door changes.`}{' '}
        {leaving ? 'Your' : 'Their'} account and {leaving ? 'your' : 'their'} own devices stay.
      </p>
      {r.invitationsSent > 0 ? (
        <p>
          {count(r.invitationsSent, 'invitation', 'invitations')} {leaving ? 'you' : 'they'} sent and not yet accepted
          end at once.
        </p>
      ) : null}
      {grants.length > 0 ? (
        <GrantsMade
          lead={`${leaving ? 'You' : 'They'} handed out ${count(grants.length, 'grant', 'grants')} here`}
          grants={grants}
          end={leaving ? null : endGrants}
          onEnd={setEndGrants}
        />
      ) : null}
    </div>
  ) : (
    <p>{preview.error?.message ?? ''}</p>
  );
  return (
    <ConfirmDialog
      open={!!person}
      onClose={onClose}
      title={leaving ? `Leave ${org.name}?` : `Remove ${person?.displayName} from ${org.name}?`}
      message={message}
      confirmLabel={leaving ? 'Leave organization' : 'Remove person'}
      onConfirm={async () => {
        await remove.mutateAsync({ organizationUserId: id!, keepGrants: !leaving && !endGrants });
        onDone(leaving);
      }}
    />
  );
}

/**
 * Make an administrator a member (the owner's): the confirmation lists what they handed out that
 * ends with the role (links and group memberships are an administrator's to give), read from the
 * server (GET .../user/{id} `demotion`), with "End these too" chosen.
 */
export function DemoteDialog({
  org,
  person,
  onClose,
  onDone,
}: {
  org: MyOrganization;
  person: OrgUser | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = person?.organizationUserId ?? null;
  const preview = useOrgPerson(org.id, id);
  const roles = useRoleChange(org.id);
  const [endGrants, setEndGrants] = useState(true);
  const grants = preview.data?.demotion?.grantsMade ?? [];
  const message = (
    <div className="space-y-2">
      <p>They keep their membership, groups and door access, but can no longer manage the organization.</p>
      {preview.isPending ? (
        <p className="inline-flex items-center gap-2">
          <Spinner /> Checking what they handed out…
        </p>
      ) : preview.error ? (
        <p>{preview.error.message}</p>
      ) : grants.length > 0 ? (
        <GrantsMade
          lead={`As an administrator they handed out ${count(grants.length, 'grant', 'grants')} that a member cannot give`}
          grants={grants}
          end={endGrants}
          onEnd={setEndGrants}
        />
      ) : null}
    </div>
  );
  return (
    <ConfirmDialog
      open={!!person}
      onClose={onClose}
      tone="primary"
      title={`Make ${person?.displayName} a member?`}
      message={message}
      confirmLabel="Make member"
      onConfirm={async () => {
        await roles.mutateAsync({ organizationUserId: id!, change: 'removeadmin', keepGrants: !endGrants });
        onDone();
      }}
    />
  );
}

/**
 * What a person handed out that ends with their power: the first six by name, and the remover's
 * choice to end them too (`end` null: no choice, e.g. leaving, where they end).
 */
function GrantsMade({
  lead,
  grants,
  end,
  onEnd,
}: {
  lead: string;
  grants: { name: string }[];
  end: boolean | null;
  onEnd: (end: boolean) => void;
}) {
  return (
    <div className="space-y-1">
      <p>
        {lead}: {list.format(grants.slice(0, 6).map((g) => g.name))}
        {grants.length > 6 ? ` and ${grants.length - 6} more` : ''}.
      </p>
      {end === null ? null : (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={end} onChange={(e) => onEnd(e.target.checked)} />
          End these too (otherwise they stay, and you answer for them)
        </label>
      )}
    </div>
  );
}

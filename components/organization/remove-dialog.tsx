'use client';

import { ConfirmDialog, Spinner } from '@/components/ui';
import { useOrgPerson, useRemovePerson, type MyOrganization, type OrgUser } from '@/lib/client/organization';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What removal ends, in words: "2 device accesses, 1 group, 1 waiting device invitation will be removed". */
export function removalWords(r: { deviceAccesses: number; groups: number; invitations: number }): string {
  const parts = [count(r.deviceAccesses, 'device access', 'device accesses'), count(r.groups, 'group', 'groups')];
  if (r.invitations > 0) parts.push(count(r.invitations, 'waiting device invitation', 'waiting device invitations'));
  return `${parts.join(', ')} will be removed`;
}

/**
 * Remove a person, or leave (their own row): the confirmation states what ends, read from the
 * server (GET .../user/{id} `removal`) so it is what the removal will really do.
 */
export function RemoveDialog({ org, person, onClose, onDone }: { org: MyOrganization; person: OrgUser | null; onClose: () => void; onDone: (leaving: boolean) => void }) {
  const id = person?.organizationUserId ?? null;
  const preview = useOrgPerson(org.id, id);
  const remove = useRemovePerson(org.id);
  const leaving = id !== null && id === org.organizationUserId;
  const r = preview.data?.removal;
  const who = leaving ? 'You' : (person?.displayName ?? '');
  const message = preview.isPending ? (
    <span className="inline-flex items-center gap-2">
      <Spinner /> Checking what {leaving ? 'you have' : 'they have'} here…
    </span>
  ) : r ? (
    <div className="space-y-2">
      <p className="font-medium">{removalWords(r)}.</p>
      <p>
        {who} {leaving ? 'lose' : 'loses'} access to {count(r.devices, 'device', 'devices')} of {org.name} at once, and offline keys on {leaving ? 'your' : 'their'} phones stop
        working. {leaving ? 'Your' : 'Their'} account and {leaving ? 'your' : 'their'} own devices stay.
      </p>
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
        await remove.mutateAsync(id!);
        onDone(leaving);
      }}
    />
  );
}

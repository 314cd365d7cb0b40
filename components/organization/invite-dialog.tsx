'use client';

import { useState } from 'react';
import { Checkbox, FormDialog, FormError, FormField, Select, Textarea, useToast } from '@/components/ui';
import { messageFor } from '@/lib/client/api';
import { useGroups, useInvite, type MyOrganization } from '@/lib/client/organization';
import { decidePeople } from '@/lib/shared/policy';

/** "a@x.com, b@y.com" or one per line -> distinct addresses, in order. */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

const MAX_AT_ONCE = 50;

/**
 * Invite people: several addresses at once, one role, groups they join on accepting. Each address
 * is its own invitation; the dialog says which ones were sent and why others were not, and keeps
 * the refused ones in the box to fix.
 */
export function InviteDialog({ org, open, onClose }: { org: MyOrganization; open: boolean; onClose: () => void }) {
  const invite = useInvite(org.id);
  const groups = useGroups(org.id, { page: 1, itemsPerPage: 100 });
  const toast = useToast();
  const [text, setText] = useState('');
  const [role, setRole] = useState(0);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [problems, setProblems] = useState<{ email: string; message: string }[]>([]);
  const [tried, setTried] = useState(false);
  const mayInviteAdmins = decidePeople({ verb: 'invite', actor: org.role, role: 1 }).ok;
  const addresses = splitAddresses(text);
  const fieldError =
    tried && !addresses.length
      ? 'Enter at least one e-mail address.'
      : addresses.length > MAX_AT_ONCE
        ? `At most ${MAX_AT_ONCE} addresses at once.`
        : null;

  const close = () => {
    setText('');
    setRole(0);
    setGroupIds([]);
    setProblems([]);
    setTried(false);
    onClose();
  };

  /** Sends each; closes when all went, else stays with the refused ones in the box. */
  async function send() {
    setTried(true);
    if (!addresses.length || addresses.length > MAX_AT_ONCE) return false;
    const failed: { email: string; message: string }[] = [];
    let sent = 0;
    for (const email of addresses) {
      try {
        await invite.mutateAsync({ email, role, groupIds });
        sent++;
      } catch (e) {
        // "email: …" is said after the address it is about, without the field's name
        failed.push({ email, message: messageFor(e, 'email') ?? 'Not sent.' });
      }
    }
    if (sent) toast.success(sent === 1 ? 'Invitation sent' : `${sent} invitations sent`);
    if (!failed.length) return true;
    setProblems(failed);
    setText(failed.map((f) => f.email).join('\n'));
    return false;
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Invite people to ${org.name}`}
      description="Each person gets an e-mail with a link. They join once they sign in with that address and accept; until then they are listed as invited."
      size="md"
      submitLabel={addresses.length > 1 ? `Send ${addresses.length} invitations` : 'Send invitation'}
      onSubmit={send}
    >
      <FormField label="E-mail addresses" hint="Separate them with commas or put one per line." error={fieldError}>
        <Textarea
          rows={3}
          name="emails"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="nina@company.com, tom@company.com"
        />
      </FormField>
      {problems.length ? (
        <FormError>
          <p className="font-medium">Not sent:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p.email}>
                {p.email}: {p.message}
              </li>
            ))}
          </ul>
        </FormError>
      ) : null}
      <FormField
        label="Role"
        hint={
          mayInviteAdmins
            ? 'Administrators manage people, groups and access links.'
            : 'Only the owner invites administrators.'
        }
      >
        <Select name="role" value={role} onChange={(e) => setRole(Number(e.target.value))}>
          <option value={0}>Member</option>
          {mayInviteAdmins ? <option value={1}>Administrator</option> : null}
        </Select>
      </FormField>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Groups</legend>
        <p className="mb-2 text-xs text-slate-500">They get the groups&apos; door access once they accept.</p>
        {groups.data?.length ? (
          <div className="grid gap-1 sm:grid-cols-2">
            {groups.data.map((g) => (
              <Checkbox
                key={g.id}
                id={`invite-group-${g.id}`}
                label={g.name}
                checked={groupIds.includes(g.id)}
                onChange={(e) =>
                  setGroupIds((ids) => (e.target.checked ? [...ids, g.id] : ids.filter((x) => x !== g.id)))
                }
              />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500">{groups.isPending ? 'Loading groups…' : 'No groups yet.'}</p>
        )}
      </fieldset>
    </FormDialog>
  );
}

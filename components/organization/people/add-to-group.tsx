'use client';

import { useState } from 'react';
import { Button, FormField, Select, useToast } from '@/components/ui';
import { useOrgGroups } from '@/lib/client/access';
import { useChangeMembers } from '@/lib/client/organization';

/** Adds the person to one of the organization's groups (the group members endpoint, with its own rules). */
export function AddToGroup({
  orgId,
  organizationUserId,
  name,
  current,
  onDone,
}: {
  orgId: number;
  organizationUserId: number;
  name: string;
  current: string[];
  onDone: () => void;
}) {
  const groups = useOrgGroups(orgId);
  const [groupId, setGroupId] = useState('');
  const change = useChangeMembers(orgId, groupId || 'none');
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const choices = (groups.data ?? []).filter((g) => !current.includes(g.id));
  if (!groups.isSuccess || !choices.length) return null;

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!groupId) {
      setError('Choose a group.');
      return;
    }
    setError(null);
    try {
      const r = await change.mutateAsync({ action: 'add', ids: [organizationUserId] });
      const res = r.organizationUsers[0];
      if (res && !res.success) {
        setError(res.error?.message ?? 'They could not be added.');
        return;
      }
      toast.success(`${name} added to ${choices.find((g) => g.id === groupId)?.name ?? 'the group'}`);
      setGroupId('');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'They could not be added.');
    }
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2" noValidate>
      <FormField label="Add to group" error={error ?? undefined} className="min-w-48">
        <Select value={groupId} onChange={(e) => setGroupId(e.target.value)}>
          <option value="">Choose a group…</option>
          {choices.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" variant="secondary" loading={change.isPending}>
        Add
      </Button>
    </form>
  );
}

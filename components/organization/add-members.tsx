'use client';

import { useState } from 'react';
import { Button, Card, Checkbox, Input, QueryView } from '@/components/ui';
import { useOrgUsers, type MyOrganization } from '@/lib/client/organization';

/** Pick people of the organization to add; who is already in the group is shown but not offered. */
export function AddMembers({
  org,
  memberIds,
  busy,
  onAdd,
}: {
  org: MyOrganization;
  memberIds: Set<number>;
  busy: boolean;
  onAdd: (ids: number[], labels: Map<number, string>) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const users = useOrgUsers(org.id, { page: 1, itemsPerPage: 25, text: text.trim() || undefined });
  const toggle = (id: number, name: string) =>
    setPicked((p) => {
      const n = new Map(p);
      if (n.has(id)) n.delete(id);
      else n.set(id, name);
      return n;
    });

  return (
    <Card
      title="Add people"
      actions={
        <Button
          size="sm"
          disabled={!picked.size}
          loading={busy}
          onClick={async () => {
            await onAdd([...picked.keys()], picked);
            setPicked(new Map());
          }}
        >
          Add selected{picked.size ? ` (${picked.size})` : ''}
        </Button>
      }
    >
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Find people by name or e-mail"
        aria-label="Find people to add"
      />
      <div className="mt-3">
        <QueryView
          query={users}
          loading={{ rows: 3, label: 'Loading people' }}
          empty={<p className="text-sm text-slate-600">Nobody matches.</p>}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100">
              {data
                .flatMap((u) =>
                  u.organizationUserId === null ? [] : [{ ...u, organizationUserId: u.organizationUserId }],
                )
                .map((u) => (
                  <li key={u.organizationUserId} className="py-2">
                    {memberIds.has(u.organizationUserId) ? (
                      <span className="text-sm text-slate-500">
                        {u.displayName} <span className="text-xs">(in the group)</span>
                      </span>
                    ) : (
                      <Checkbox
                        checked={picked.has(u.organizationUserId)}
                        onChange={() => toggle(u.organizationUserId, u.displayName)}
                        label={
                          <span>
                            <span className="font-medium">{u.displayName}</span>{' '}
                            <span className="text-slate-600">{u.email}</span>
                          </span>
                        }
                      />
                    )}
                  </li>
                ))}
            </ul>
          )}
        </QueryView>
      </div>
    </Card>
  );
}

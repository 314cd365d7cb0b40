'use client';

import { FormField, Select } from '@/components/ui';
import { useMyOrganizations } from '@/lib/client/organization';
import { mayInOrg } from '@/components/organization/org-gate';
import type { WebhookOwner } from '@/lib/client/webhooks';

/** Your own webhooks, or those of an organization you administer (shown only when there is one). */
export function OwnerSelect({ owner, onChange }: { owner: WebhookOwner; onChange: (o: WebhookOwner) => void }) {
  const orgs = (useMyOrganizations().data ?? []).filter((o) => mayInOrg(o, 'manageWebhooks'));
  if (!orgs.length && owner.kind === 'me') return null;
  return (
    <FormField
      label="Webhooks of"
      className="mb-4 max-w-sm"
      hint="Yours get events of the devices you can see; an organization's get events of its devices."
    >
      <Select
        value={owner.kind === 'me' ? 'me' : String(owner.id)}
        onChange={(e) =>
          onChange(e.target.value === 'me' ? { kind: 'me' } : { kind: 'org', id: Number(e.target.value) })
        }
      >
        <option value="me">You</option>
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} (organization)
          </option>
        ))}
      </Select>
    </FormField>
  );
}

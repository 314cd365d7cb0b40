'use client';

import { useState } from 'react';
import { Card, Checkbox, FormError, useToast, Warning } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useCurrentOrganization } from '@/lib/client/organization';
import { useSecondFactorBlocked, useSetOrgSecurity } from '@/lib/client/second-factors';

/**
 * The organization's rule "administrators need a second factor": the owner turns it on or off
 * here; an administrator without a second factor is told that the rule stops them.
 */
export function OrgSecurityCard() {
  const { org } = useCurrentOrganization();
  const { rule, blocked } = useSecondFactorBlocked(org);
  if (!org || org.role < 1 || !rule.data) return null;
  const required = rule.data.requireSecondFactor;
  return (
    <Card
      title={`Organization: ${org.name}`}
      description="Administrators manage groups, access links and webhooks, and so who can open your doors."
    >
      {blocked ? (
        <Warning className="mb-4">
          <p>
            This organization requires administrators to use a second factor. Set up an authenticator app or add a
            passkey above to manage it again.
          </p>
        </Warning>
      ) : null}
      {org.role >= 2 ? (
        <OwnerToggle orgId={org.id} required={required} />
      ) : (
        <p className="text-sm text-slate-700">
          {required
            ? 'A second factor is required of administrators.'
            : 'A second factor is not required of administrators.'}
        </p>
      )}
    </Card>
  );
}

function OwnerToggle({ orgId, required }: { orgId: number; required: boolean }) {
  const set = useSetOrgSecurity(orgId);
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <Checkbox
        id="require-second-factor"
        checked={required}
        disabled={set.isPending}
        onChange={(e) => {
          setError(null);
          set.mutate(e.target.checked, {
            onSuccess: (r) =>
              toast.success(r.requireSecondFactor ? 'Second factor required' : 'Second factor no longer required'),
            onError: (err) =>
              setError(
                err instanceof ApiError && err.status === 409
                  ? 'Set up an authenticator app or add a passkey above first: otherwise this rule would stop you from managing the organization.'
                  : err instanceof ApiError
                    ? err.messages.join(' ')
                    : 'Could not save. Try again.',
              ),
          });
        }}
        label="Require a second factor for administrators"
        hint="Administrators (and you) without an authenticator app or passkey can still see the organization, but cannot manage it until they add one."
      />
      <FormError error={error} />
    </div>
  );
}

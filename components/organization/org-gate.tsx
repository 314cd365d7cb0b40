'use client';

import { EmptyState, QueryView } from '@/components/ui';
import { useCurrentOrganization, type MyOrganization } from '@/lib/client/organization';
import { decideOrg, type OrgAction } from '@/lib/shared/policy';

/** Loads the current organization and hands it to the page; says what to do when there is none. */
export function OrgGate({ children }: { children: (org: MyOrganization) => React.ReactNode }) {
  const q = useCurrentOrganization();
  return (
    <QueryView
      query={q}
      loading={{ rows: 4, label: 'Loading your organization' }}
      empty={<EmptyState title="You are not in an organization" text="Ask an organization administrator to add you." />}
    >
      {(orgs) => children(orgs[0])}
    </QueryView>
  );
}

/**
 * What the viewer may do in the organization: the door policy's answer for their role and the
 * sites their administration is limited to (lib/shared/policy).
 */
export const mayInOrg = (org: MyOrganization, action: OrgAction) =>
  decideOrg(action, org.role, undefined, org.siteIds).ok;

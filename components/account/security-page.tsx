'use client';

import { useState } from 'react';
import { Button, Card, ConfirmDialog, PageHeader, useToast } from '@/components/ui';
import { useEndAllSessions } from '@/lib/client/account';
import { ChangePasswordForm } from './change-password-form';
import { OrgSecurityCard } from './org-security-card';
import { SecondFactorsCard } from './second-factors-card';

/** Settings > Security: change the password; second factors; the organization's rule; sign out everywhere. */
export function SecurityPage() {
  const endAll = useEndAllSessions();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <PageHeader title="Security" description="Your password, second factors and the places you are signed in." />
      <div className="space-y-6">
        <Card
          title="Password"
          description="Changing it signs you out everywhere else: other browsers and devices must sign in with the new password."
        >
          <ChangePasswordForm
            onChanged={(ended) =>
              toast.success(
                'Password changed',
                ended
                  ? `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`
                  : 'You were signed in nowhere else.',
              )
            }
          />
        </Card>
        <SecondFactorsCard />
        <OrgSecurityCard />
        <Card
          title="Sign out everywhere"
          description="Ends every session of your account at once, this one included, on every browser and device. Access keys keep working; revoke them under Access keys."
        >
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere?"
        message="Every browser and device signed in to your account is signed out now, this one too."
        confirmLabel="Sign out everywhere"
        onConfirm={async () => {
          await endAll.mutateAsync();
          // this session has ended as well: the sign-in page, and back here afterwards
          window.location.assign('/sign-in?callbackUrl=%2Fsettings%2Fsecurity');
        }}
      />
    </>
  );
}

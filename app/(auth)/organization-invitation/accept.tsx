'use client';

import { useRouter } from 'next/navigation';
import { Button, FormError, useToast } from '@/components/ui';
import { useAcceptInvitation } from '@/lib/client/organization';

/** The one button of the invitation page, for the invited account. */
export function AcceptInvitation({ token, organizationName }: { token: string; organizationName: string }) {
  const accept = useAcceptInvitation();
  const router = useRouter();
  const toast = useToast();
  return (
    <div className="space-y-3">
      <Button
        className="w-full"
        loading={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (r) => {
              toast.success(`You joined ${r.organizationName}`);
              router.push('/organization/members');
            },
          })
        }
      >
        Accept and join {organizationName}
      </Button>
      <FormError error={accept.error} />
    </div>
  );
}

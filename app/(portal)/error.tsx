'use client';

import { useEffect } from 'react';
import { Card, ErrorState } from '@/components/ui';

// A page of the portal failed to render: say so and offer a retry, keep the shell around it.
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Card>
      <ErrorState
        title="This page could not be loaded"
        message={
          error.digest
            ? `Something went wrong on our side (reference ${error.digest}). Please try again.`
            : 'Something went wrong. Please try again.'
        }
        onRetry={reset}
      />
    </Card>
  );
}

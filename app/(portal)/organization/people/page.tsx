import { Suspense } from 'react';
import { PeoplePage } from '@/components/organization/people/people-page';

export const metadata = { title: 'People' };

// Organization > People: members and everyone who can open one of the organization's doors, each a link to their page.
export default function Page() {
  // the Site filter lives in the URL (useSearchParams)
  return (
    <Suspense>
      <PeoplePage />
    </Suspense>
  );
}

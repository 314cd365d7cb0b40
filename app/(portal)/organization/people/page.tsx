import { HydrationBoundary } from '@tanstack/react-query';
import { Suspense } from 'react';
import { PeoplePage } from '@/components/organization/people/people-page';
import { sessionCtx, sessionMe } from '@/lib/auth/session';
import { peopleKeys, type PeoplePageQuery } from '@/lib/client/people-keys';
import { seededState } from '@/lib/client/seeded';
import { listOrgPeople } from '@/lib/domain/people/people';
import { logError } from '@/lib/log';
import { pageParamsOf, siteIdOf } from '@/lib/shared/url-values';

export const metadata = { title: 'People' };

// Organization > People: members and everyone who can open one of the organization's doors, each
// a link to their page. The page of the URL's site and paging is read here too and comes with the
// HTML, under the key of the browser's own query (issue 34).
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === 'string' ? sp[k] : null);
  const seeded = await firstPage({ text: '', siteId: siteIdOf(one('site')), ...pageParamsOf(one, 50) });
  // the Site filter lives in the URL (useSearchParams)
  return (
    <HydrationBoundary state={seeded}>
      <Suspense>
        <PeoplePage />
      </Suspense>
    </HydrationBoundary>
  );
}

async function firstPage(q: PeoplePageQuery) {
  try {
    const ctx = await sessionCtx();
    if (!ctx) return undefined; // the layout sends the visitor to sign in
    // the organization the page works in: the first, as the layout's and the browser's
    const org = (await sessionMe(ctx)).organizations[0];
    if (!org) return undefined;
    return seededState([[peopleKeys.page(org.id, q), await listOrgPeople(ctx, org.id, q)]]);
  } catch (e) {
    // the page still renders: the list then asks the API itself and shows what it answers
    logError('the people page read its first page', e);
    return undefined;
  }
}

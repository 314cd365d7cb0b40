'use client';

import { useEffect, useState } from 'react';
import { QueryView, Spinner } from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useGuestPage, type GuestPage } from '@/lib/client/links';
import { timeIn } from '@/lib/shared/access/schedule-text';
import { GuestLink } from './guest-link';

/** "12 Jan 2027, 08:00 (Europe/Warsaw)": a bound of the window in the organization's own time. */
const when = (iso: string | null, zone: string): string | null => (iso ? timeIn(iso, zone) : null);

/** The link's token, from the address (/link/{token}); null before the page runs, '' when there is none. */
function useToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const [, first, second, ...more] = window.location.pathname.replace(/\/+$/, '').split('/');
    let t = '';
    try {
      if (first === 'link' && second && more.length === 0) t = decodeURIComponent(second);
    } catch {
      // a malformed escape: no link has such a token
    }
    setToken(t);
  }, []);
  return token;
}

/** A page of one message: the link is unknown, closed, or the guest must wait. */
function Notice({ from, title, children }: { from?: string; title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-md p-6">
      <p className="text-sm font-medium text-indigo-700">{from ? `Access link from ${from}` : 'Access link'}</p>
      <h1 className="mt-1 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{children}</p>
    </main>
  );
}

const NOT_FOUND = (
  <Notice title="Link not found">
    This access link does not exist or has been deleted. Ask the person who sent it for a new one.
  </Notice>
);

/** Outside its window a link shows nothing of itself (no description or doors), only whose it is and when it starts. */
function Closed({ page }: { page: Exclude<GuestPage, { kind: 'ok' }> }) {
  if (page.kind === 'expired')
    return (
      <Notice from={page.organizationName} title="This link has expired">
        It no longer opens any door. Ask {page.organizationName} for a new link.
      </Notice>
    );
  const from = when(page.validFrom, page.timeZone);
  return (
    <Notice from={page.organizationName} title="This link is not valid yet">
      {from
        ? `It works from ${from}. Open it again then.`
        : `Open it again at the time ${page.organizationName} gave you.`}
    </Notice>
  );
}

/**
 * The public page of an access link. The page itself is the same for every link (built once, served
 * as a file: app/link/page.tsx); it reads the token from its address and asks
 * GET /api/v37/link/{token}/page, which checks the link and the rate limits as every guest request does.
 */
export function GuestPageView() {
  const token = useToken();
  const page = useGuestPage(token || null);
  if (token === '') return NOT_FOUND;
  return (
    <QueryView
      query={page}
      loading={
        <main aria-busy="true" className="mx-auto flex min-h-screen max-w-md items-center justify-center p-6">
          <p role="status" className="flex items-center gap-3 text-slate-700">
            <Spinner className="h-6 w-6 text-indigo-700" />
            Opening your link…
          </p>
        </main>
      }
      // a failed refresh (back to the tab, offline) keeps the doors on screen; an open says what went wrong
      keepData
      errorTitle="This link could not be opened"
      renderError={(error, errorState) => {
        if (error instanceof ApiError && error.status === 404) return NOT_FOUND;
        if (error instanceof ApiError && error.status === 429)
          return <Notice title="Please wait a moment">{error.message}</Notice>;
        return <main className="mx-auto max-w-md p-6">{errorState}</main>;
      }}
    >
      {(data) =>
        data.kind === 'ok' ? (
          <GuestLink
            token={token ?? ''}
            link={data.link}
            validFromText={when(data.link.validFrom, data.link.timeZone)}
            validUntilText={when(data.link.validUntil, data.link.timeZone)}
          />
        ) : (
          <Closed page={data} />
        )
      }
    </QueryView>
  );
}

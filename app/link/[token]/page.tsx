import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { GuestLink } from '@/components/links/guest-link';
import { loadGuestPage, type GuestPage } from '@/lib/domain/accesslinks/page';
import { clientAddress } from '@/lib/http/client-address';

// Every visit is checked against the link's current state and the rate limits; nothing is cached.
export const dynamic = 'force-dynamic';

// The token is in the URL: keep it out of Referer headers and search engines.
export const metadata: Metadata = {
  title: 'Access link',
  referrer: 'no-referrer',
  robots: { index: false, follow: false },
};

/** "12 Jan 2027, 08:00 (Europe/Warsaw)": the window in the organization's own time. */
function when(iso: string | null, zone: string): string | null {
  return iso ? `${showInZone(iso, zone)} (${zone})` : null;
}

/**
 * Outside its window a link shows nothing of itself (no description or doors), only whose it is
 * and, before it starts, when it starts.
 */
function closed(page: GuestPage): [string, string] | undefined {
  if (page.kind === 'expired')
    return ['This link has expired', `It no longer opens any door. Ask ${page.organizationName} for a new link.`];
  if (page.kind === 'notYetValid') {
    const from = when(page.validFrom, page.timeZone);
    return [
      'This link is not valid yet',
      from
        ? `It works from ${from}. Open it again then.`
        : `Open it again at the time ${page.organizationName} gave you.`,
    ];
  }
  return undefined;
}

export default async function GuestLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const page = await loadGuestPage(token, clientAddress(await headers()));
  if (page.kind === 'missing') notFound();
  if (page.kind !== 'ok') {
    const [title, text] = closed(page) ?? ['Please wait a moment', 'message' in page ? page.message : ''];
    return (
      <main className="mx-auto max-w-md p-6">
        <p className="text-sm font-medium text-indigo-700">
          {'organizationName' in page ? `Access link from ${page.organizationName}` : 'Access link'}
        </p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">{text}</p>
      </main>
    );
  }
  const { link } = page;
  return (
    <GuestLink
      token={token}
      link={link}
      validFromText={when(link.validFrom, link.timeZone)}
      validUntilText={when(link.validUntil, link.timeZone)}
    />
  );
}

import type { Metadata } from 'next';
import { GuestPageView } from '@/components/links/guest-page';

/**
 * The guest's page of an access link, /link/{token}: the same for every link, so it is built once
 * and served as a file (next.config.mjs rewrites /link/{token} here; proxy.ts gives it a
 * Content-Security-Policy that lists the hashes of this page's inline scripts,
 * lib/http/static-page-csp.ts). The link itself is read in the browser
 * (GET /api/v37/link/{token}/page), with the checks and rate limits of the guest API.
 */
export const dynamic = 'force-static';

// The token is in the URL: keep it out of Referer headers and search engines.
export const metadata: Metadata = {
  title: 'Access link',
  referrer: 'no-referrer',
  robots: { index: false, follow: false },
};

export default function GuestLinkPage() {
  return (
    <>
      <noscript>
        <p className="mx-auto max-w-md p-6 text-slate-700">This page needs JavaScript to show and open your doors.</p>
      </noscript>
      <GuestPageView />
    </>
  );
}

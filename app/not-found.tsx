import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { connection } from 'next/server';
import { ButtonLink, LockIcon } from '@/components/ui';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * Any address that is not a page (outside the signed-in portal too): styled, with a way on.
 * Rendered per request, like every page: a page built ahead of time has no script nonce, and the
 * Content-Security-Policy (proxy.ts) would block its scripts.
 */
export default async function NotFound() {
  await connection();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 font-semibold text-slate-900">
        <span className="rounded-md bg-indigo-600 p-1 text-white">
          <LockIcon className="h-4 w-4" />
        </span>
        Smart-lock cloud
      </Link>
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-indigo-700">404</p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">This page does not exist</h1>
        <p className="mt-2 text-sm text-slate-600">
          The address may be mistyped, or the page has moved. If someone sent you an access link, open the whole link
          they sent.
        </p>
        <div className="mt-6 flex justify-center">
          <ButtonLink href="/devices" variant="primary">
            Go to your devices
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}

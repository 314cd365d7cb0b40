import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { sessionCtx } from '@/lib/auth/session';
import { normalizeEmail } from '@/lib/auth/email';
import { loadInvitationPage } from '@/lib/domain/organizations/invitations';
import { getMe } from '@/lib/domain/shell/me';
import { buttonClasses, FormError, LockIcon, Warning } from '@/components/ui';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { AcceptInvitation } from './accept';

// The token is in the URL: keep it out of Referer headers and search engines; always fresh.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Invitation',
  referrer: 'no-referrer',
  robots: { index: false, follow: false },
};

// /organization-invitation?token=...: the link of an organization's invitation mail
export default async function InvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === 'string' ? sp.token : undefined;
  const page = await loadInvitationPage(token);
  const ctx = await sessionCtx();
  const me = ctx ? await getMe(ctx).catch(() => null) : null;
  const here = `/organization-invitation?token=${encodeURIComponent(token ?? '')}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 rounded-xl bg-indigo-600 p-2.5 text-white shadow-sm">
            <LockIcon className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {page.ok ? `Join ${page.invitation.organizationName}` : 'This invitation cannot be used'}
          </h1>
        </div>
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm">
          {!page.ok ? (
            <>
              <FormError>{page.message}</FormError>
              <p>Ask an administrator of the organization to send you a new invitation.</p>
            </>
          ) : (
            <>
              <p>
                You are invited to join <strong>{page.invitation.organizationName}</strong> as{' '}
                {page.invitation.role === 1 ? 'an administrator' : 'a member'}. The invitation is for{' '}
                <strong>{page.invitation.email}</strong> and works once.
              </p>
              {!me ? (
                <>
                  <p>
                    Sign in with that address to accept. No account yet? Create one with it: after you confirm it from
                    the mail we send, you come straight back here to accept.
                  </p>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Link
                      className={buttonClasses('primary')}
                      href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}
                    >
                      Sign in to accept
                    </Link>
                    <Link
                      className={buttonClasses('secondary')}
                      href={`/sign-up?${new URLSearchParams({ email: page.invitation.email, callbackUrl: here })}`}
                    >
                      Create an account
                    </Link>
                  </div>
                </>
              ) : normalizeEmail(me.user.email) !== normalizeEmail(page.invitation.email) ? (
                <>
                  <Warning>
                    You are signed in as {me.user.email}. This invitation is for {page.invitation.email}: sign out, then
                    sign in with that address.
                  </Warning>
                  <SignOutButton />
                </>
              ) : (
                <AcceptInvitation token={token!} organizationName={page.invitation.organizationName} />
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}

import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AuthCard, AuthShell, Notice } from '@/components/account/auth-shell';
import { AcceptInvitation, SwitchAccount } from '@/components/account/invitation';
import { ButtonLink } from '@/components/ui';
import { normalizeEmail } from '@/lib/auth/email';
import { sessionCtx } from '@/lib/auth/session';
import { loadInvitationPage } from '@/lib/domain/signup/pages';

export const metadata: Metadata = { title: 'Invitation' };

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

// /invitation?token=: the link of a device invitation. Only the invited address's verified account can accept;
// anyone else is told to sign in (or sign up) with that address and comes back here.
export default async function InvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = await loadInvitationPage((await searchParams).token);
  if (!page.ok)
    return (
      <AuthShell title="Invitation">
        <AuthCard>
          <Notice tone="error">{page.message}</Notice>
        </AuthCard>
        <p className="mt-4 text-center text-sm text-slate-600">
          <Link href="/sign-in" className="font-medium text-indigo-700 hover:underline">
            Go to sign-in
          </Link>
        </p>
      </AuthShell>
    );
  const { invitation: inv, token } = page;
  const here = `/invitation?token=${encodeURIComponent(token)}`;
  const ctx = await sessionCtx();
  const mine = ctx && normalizeEmail(ctx.caller.email) === inv.email;
  return (
    <AuthShell
      title={inv.doors.length === 1 ? `Open ${inv.deviceName}` : `Open ${inv.doors.length} doors`}
      subtitle={inv.organizationName ? `An invitation from ${inv.organizationName}` : 'An invitation'}
    >
      <AuthCard>
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            <strong className="text-slate-900">{inv.inviter}</strong> invited{' '}
            <strong className="break-words text-slate-900">{inv.email}</strong> to open{' '}
            {inv.doors.length === 1 ? <strong className="text-slate-900">{inv.deviceName}</strong> : 'these doors'}. The
            invitation is valid until {day(inv.expiresAt)}.
          </p>
          {/* when they may open each door, before they accept (in the door's zone) */}
          <ul
            aria-label="Doors and your hours"
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {inv.doors.map((d, i) => (
              <li key={`${i}-${d.name}`} className="px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{d.name}</span>
                <span className="block text-slate-600">Your hours: {d.hours}</span>
              </li>
            ))}
          </ul>
          {mine ? (
            <AcceptInvitation token={token} />
          ) : ctx ? (
            <>
              <Notice tone="error">
                You are signed in as <strong className="break-words">{ctx.caller.email}</strong>. Only the account of{' '}
                <strong className="break-words">{inv.email}</strong> can accept this invitation.
              </Notice>
              <SwitchAccount back={here} />
            </>
          ) : (
            <>
              <Notice tone="info">
                Sign in with the account of {inv.email} to accept. No account yet? Create one with this address; you
                come back here after confirming it.
              </Notice>
              <ButtonLink
                href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}
                variant="primary"
                className="w-full"
              >
                Sign in to accept
              </ButtonLink>
              <ButtonLink
                href={`/sign-up?${new URLSearchParams({ email: inv.email, callbackUrl: here })}`}
                className="w-full"
              >
                Create an account
              </ButtonLink>
            </>
          )}
        </div>
      </AuthCard>
    </AuthShell>
  );
}

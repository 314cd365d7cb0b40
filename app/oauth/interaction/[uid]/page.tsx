import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthCard, AuthShell, Notice } from '@/components/account/auth-shell';
import { ConsentForm } from '@/components/apps/consent-form';
import { sessionCtx } from '@/lib/auth/session';
import { getMe } from '@/lib/domain/shell/me';
import { consentNeeds, pendingConsent } from '@/lib/oauth/consent';
import { APP_SCOPE_WORDS } from '@/lib/oauth/scopes';

export const metadata: Metadata = { title: 'Connect an app' };
export const dynamic = 'force-dynamic';

// /oauth/interaction/{uid}: an app sent the person here to ask for access (lib/oauth/consent.ts).
// Not signed in: the sign-in page first, then back here.
export default async function ConsentPage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  const ctx = await sessionCtx();
  if (!ctx) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/oauth/interaction/${uid}`)}`);
  const pending = await pendingConsent(uid, (await headers()).get('cookie') ?? '');
  if (!pending)
    return (
      <AuthShell title="This request has ended">
        <AuthCard>
          <Notice tone="info">
            The app&apos;s request expired, was already answered, or was opened in another browser. Go back to the app
            and start connecting again.
          </Notice>
        </AuthCard>
      </AuthShell>
    );
  const [me, needs] = await Promise.all([getMe(ctx), consentNeeds(ctx)]);
  return (
    <AuthShell
      wide
      title={`Allow ${pending.appName} to use your account?`}
      subtitle="An app outside Smart-lock cloud asks to act for you. Allow only apps you trust with your doors."
    >
      <AuthCard>
        <div className="mb-4 flex items-center gap-3">
          {pending.hasLogo ? (
            <img
              src={`/oauth/logo/${encodeURIComponent(pending.clientId)}`}
              alt=""
              width={48}
              height={48}
              className="h-12 w-12 rounded-lg border border-slate-200 object-contain"
            />
          ) : (
            <span
              aria-hidden
              className="flex h-12 w-12 items-center justify-center rounded-lg bg-slate-100 text-lg font-semibold text-slate-600"
            >
              {pending.appName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <p className="font-semibold text-slate-900">{pending.appName}</p>
            <p className="text-xs text-slate-600">App id {pending.clientId}</p>
          </div>
        </div>
        <ConsentForm
          uid={uid}
          appName={pending.appName}
          redirectOrigin={pending.redirectOrigin}
          email={me.user.email}
          scopes={pending.scopes.map((s) => ({ name: s, words: APP_SCOPE_WORDS[s] }))}
          refused={pending.refused}
          reach={needs.reach.map((r) => ({ name: r.name, doors: r.doors }))}
          secondFactor={needs.secondFactor}
          blockedBy={needs.blockedBy}
        />
      </AuthCard>
    </AuthShell>
  );
}

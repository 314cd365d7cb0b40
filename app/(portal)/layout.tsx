import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AppShell } from '@/components/shell/app-shell';
import { sessionCtx } from '@/lib/auth/session';
import { getMe, type Me } from '@/lib/domain/shell/me';
import { DomainError } from '@/lib/domain/errors';

// Per request: who is signed in decides everything below.
export const dynamic = 'force-dynamic';

async function signInUrl(): Promise<string> {
  // proxy.ts passes the requested path so the user comes back to it after signing in.
  const path = (await headers()).get('x-pathname');
  return path && path !== '/' ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : '/sign-in';
}

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const ctx = await sessionCtx();
  if (!ctx) redirect(await signInUrl());
  let me: Me;
  try {
    me = await getMe(ctx);
  } catch (e) {
    // The session outlived its account: sign in again.
    if (e instanceof DomainError && e.code === 'not_found') redirect(await signInUrl());
    throw e;
  }
  return (
    <AppShell user={me.user} organization={me.organizations[0] ?? null}>
      {children}
    </AppShell>
  );
}

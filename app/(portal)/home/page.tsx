import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { HomePage } from '@/components/home/home-page';
import { sessionCtx, sessionMe } from '@/lib/auth/session';
import { pendingInvitations } from '@/lib/domain/account/pending-invitations';
import { attention } from '@/lib/domain/devices/attention';
import { yourDoors } from '@/lib/domain/devices/overview';
import { OrgRole } from '@/lib/shared/policy';
import { siteIdOf } from '@/lib/shared/url-values';

export const metadata: Metadata = { title: 'Home' };

// /home: the first page after sign-in; what needs attention is prefetched with the verb behind
// GET /my/attention (the client keeps it fresh through that endpoint)
export default async function Home({ searchParams }: { searchParams: Promise<{ site?: string | string[] }> }) {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  // Home of one building (issue 35): '' every site, 'none' the devices in no site, else a site's id
  const raw = (await searchParams).site;
  const siteId = siteIdOf(typeof raw === 'string' ? raw : '');
  const site = siteId === undefined ? '' : (raw as string);
  const [me, invitations, needs] = await Promise.all([
    sessionMe(ctx),
    pendingInvitations(ctx).catch(() => []),
    attention(ctx, { siteId }).catch(() => undefined),
  ]);
  // members and guests (no organization they administer) open their doors from Home; an
  // administrator's Home has no such list, so their doors are not loaded for nothing
  const administers = me.organizations.some((o) => o.role >= OrgRole.administrator);
  const doors = administers ? null : await yourDoors(ctx);
  return (
    <HomePage
      name={me.user.displayName}
      email={me.user.email}
      invitations={invitations}
      initialAttention={needs}
      doors={doors}
      site={site}
    />
  );
}

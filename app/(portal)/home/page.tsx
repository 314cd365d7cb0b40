import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { HomePage } from '@/components/home/home-page';
import { sessionCtx } from '@/lib/auth/session';
import { getMe } from '@/lib/domain/shell/me';

export const metadata: Metadata = { title: 'Home' };

// /home: the first page after sign-in (data through /api/v37 like every page)
export default async function Home() {
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  const me = await getMe(ctx);
  return <HomePage name={me.user.displayName} />;
}

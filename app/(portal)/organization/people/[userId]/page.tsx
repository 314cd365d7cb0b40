import { PersonPage } from '@/components/organization/people/person-page';

export const metadata = { title: 'Person' };

// Organization > People > one person (an account): every door they can open and how, and what to change.
export default async function Page({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <PersonPage personKey={{ userId }} />;
}

import { PersonPage } from '@/components/organization/people/person-page';

export const metadata = { title: 'Person' };

// Organization > People > an address invited to doors (no account yet): the doors waiting for them.
export default async function Page({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  const { email } = await searchParams;
  return <PersonPage personKey={{ userEmail: email ?? '' }} />;
}

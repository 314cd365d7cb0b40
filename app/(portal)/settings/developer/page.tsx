import type { Metadata } from 'next';
import { DeveloperPage } from '@/components/apps/developer-page';

export const metadata: Metadata = { title: 'Developer' };

// Settings > Developer: the apps the signed-in person registered (the list loads through the API).
export default function Page() {
  return <DeveloperPage />;
}

import type { Metadata } from 'next';
import { AccessKeysPage } from '@/components/account/access-keys-page';

export const metadata: Metadata = { title: 'Access keys' };

// Settings > Access keys: the signed-in user's personal access keys (the list loads through the API).
export default function Page() {
  return <AccessKeysPage />;
}

import type { Metadata } from 'next';
import { ConnectedAppsPage } from '@/components/apps/connected-apps-page';

export const metadata: Metadata = { title: 'Connected apps' };

// Settings > Connected apps: the apps acting for the signed-in person (the list loads through the API).
export default function Page() {
  return <ConnectedAppsPage />;
}

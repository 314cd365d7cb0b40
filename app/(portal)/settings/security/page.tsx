import type { Metadata } from 'next';
import { SecurityPage } from '@/components/account/security-page';

export const metadata: Metadata = { title: 'Security' };

// Settings > Security: the password, second factors, the organization's second-factor rule and the user's sessions (changes go through the API).
export default function Page() {
  return <SecurityPage />;
}

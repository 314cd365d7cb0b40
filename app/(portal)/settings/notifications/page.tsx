import type { Metadata } from 'next';
import { NotificationsPage } from '@/components/notifications/notifications-page';

export const metadata: Metadata = { title: 'Notifications' };

// Settings > Notifications: which notification mails the person gets, per kind and per device, and the daily digest (changes go through the API).
export default function Page() {
  return <NotificationsPage />;
}

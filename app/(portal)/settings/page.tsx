import { redirect } from 'next/navigation';

// Settings opens on its first section.
export default function SettingsPage() {
  redirect('/settings/access-keys');
}

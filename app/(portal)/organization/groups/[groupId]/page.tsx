import { GroupDetailPage } from '@/components/organization/group-detail';

export const metadata = { title: 'Group' };

// Organization > Groups > one group: its members, add and remove with per-person results.
export default async function Page({ params }: { params: Promise<{ groupId: string }> }) {
  const { groupId } = await params;
  return <GroupDetailPage groupId={groupId} />;
}

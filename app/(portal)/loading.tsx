import { Card, Skeleton, SkeletonRows } from '@/components/ui';

// Shown while a portal page loads on the server.
export default function Loading() {
  return (
    <div>
      <div className="mb-6 space-y-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Card flush>
        <SkeletonRows rows={6} />
      </Card>
    </div>
  );
}

import { ButtonLink, Card, EmptyState } from '@/components/ui';

export default function NotFound() {
  return (
    <Card>
      <EmptyState
        title="Not found"
        text="This page does not exist, or you do not have access to it."
        action={
          <ButtonLink href="/devices" variant="primary">
            Go to devices
          </ButtonLink>
        }
      />
    </Card>
  );
}

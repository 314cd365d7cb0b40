import { ButtonLink, Card, EmptyState } from '@/components/ui';

/**
 * A door the viewer cannot see (any more): their access ended or was removed while its page was
 * open, or they followed its address after it did. The API answers 404 either way (ids cannot be
 * probed), so the words cover both, and a way back.
 */
export function NoAccessToDoor() {
  return (
    <Card>
      <EmptyState
        title="You no longer have access to this door"
        text="Your access to it has ended or was removed (or it was never shared with you). Ask whoever shared it with you if you think this is a mistake."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink href="/home" variant="primary">
              Back to Home
            </ButtonLink>
            <ButtonLink href="/devices" variant="secondary">
              Your devices
            </ButtonLink>
          </div>
        }
      />
    </Card>
  );
}

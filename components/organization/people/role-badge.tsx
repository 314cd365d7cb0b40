import { Badge } from '@/components/ui';
import type { PersonSummary } from '@/lib/client/people';

const ROLE = {
  0: { tone: 'neutral', label: 'Member' },
  1: { tone: 'ok', label: 'Administrator' },
  2: { tone: 'info', label: 'Owner' },
} as const;

/** The person's place: a role in the organization, a guest outside it, or an address invited to doors. */
export function RoleBadge({ person }: { person: Pick<PersonSummary, 'role' | 'pending'> }) {
  if (person.role !== null) {
    const r = ROLE[person.role as 0 | 1 | 2] ?? ROLE[0];
    return (
      <Badge tone={r.tone} icon={false}>
        {r.label}
      </Badge>
    );
  }
  return person.pending ? (
    <Badge tone="warning" icon={false}>
      Invited to doors
    </Badge>
  ) : (
    <Badge tone="neutral" icon={false}>
      Guest (outside the organization)
    </Badge>
  );
}

import { Badge } from '@/components/ui';
import type { AccessKey } from '@/lib/client/account';

const SOON_MS = 7 * 86_400_000;

/** Status with text (never color alone): Active, Expires soon, Expired, Revoked. */
export function KeyStatusBadge({ k, now }: { k: AccessKey; now: number }) {
  if (k.status === 'revoked') return <Badge tone="neutral">Revoked</Badge>;
  if (k.status === 'expired') return <Badge tone="problem">Expired</Badge>;
  if (new Date(k.validTo).getTime() - now < SOON_MS) return <Badge tone="warning">Expires soon</Badge>;
  return <Badge tone="ok">Active</Badge>;
}

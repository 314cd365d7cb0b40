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

/** A key's scopes as small chips, named for screen readers by the key. */
export function ScopeChips({ k, className = '' }: { k: AccessKey; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`} aria-label={`Scopes of ${k.name}`}>
      {k.scopes.map((s) => (
        <li key={s} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700">
          {s}
        </li>
      ))}
    </ul>
  );
}

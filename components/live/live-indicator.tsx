'use client';

import { cn } from '@/components/ui';
import { useLiveUpdates, type LiveStatus } from '@/lib/client/live';

const WORDS: Record<LiveStatus, [string, string, string]> = {
  connecting: ['Connecting…', 'bg-slate-400', 'Connecting to live updates.'],
  live: ['Live', 'bg-green-600', 'Changes made anywhere appear here within a second.'],
  reconnecting: [
    'Reconnecting…',
    'bg-amber-500',
    'Live updates were interrupted; reconnecting. What you see may be out of date.',
  ],
  ended: ['Not live', 'bg-red-600', 'Live updates stopped. Reload the page to see the latest state.'],
};

/** The header's live mark: green while changes arrive by themselves, amber while reconnecting. */
export function LiveIndicator() {
  const status = useLiveUpdates();
  const [label, dot, title] = WORDS[status];
  return (
    <span
      role="status"
      aria-live="polite"
      title={title}
      data-testid="live-status"
      className="hidden items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-700 sm:inline-flex"
    >
      <span aria-hidden="true" className={cn('h-2 w-2 rounded-full', dot, status === 'live' && 'animate-pulse')} />
      {label}
    </span>
  );
}

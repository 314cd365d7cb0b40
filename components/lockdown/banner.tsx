import { LockIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';

/**
 * A lockdown holds (issue 35): shown at the top of every portal page and of the guest page, in the
 * words the refusals use, so nobody has to try a door to learn why it stays shut.
 */
export function LockdownBanner({
  title = 'Locked down',
  children,
  action,
  className,
}: {
  title?: string;
  children: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      role="alert"
      aria-label={title}
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900',
        className,
      )}
    >
      <LockIcon className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <div className="mt-1">{children}</div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </section>
  );
}

import { AlertIcon } from './icons';
import { cn } from './cn';

/**
 * Something the reader must know before going on (a secret shown once, a rule that stops them):
 * amber, with the icon, announced as an alert (`role="status"` for a standing notice).
 */
export function Warning({
  children,
  role = 'alert',
  className,
}: {
  children: React.ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  return (
    <div
      role={role}
      className={cn('flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900', className)}
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

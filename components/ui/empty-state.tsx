import { cn } from './cn';
import { InboxIcon } from './icons';

export interface EmptyStateProps {
  title: React.ReactNode;
  /** What this place is for and what to do next. */
  text?: React.ReactNode;
  /** The next step (usually a Button or ButtonLink). */
  action?: React.ReactNode;
  icon?: React.ReactNode;
  className?: string;
  /** One line inside a card of a longer page, instead of the large centred block. */
  compact?: boolean;
}

export function EmptyState({ title, text, action, icon, className, compact }: EmptyStateProps) {
  // one line inside a card of a longer page (a person's PINs, phones, ...): no icon, little height
  if (compact)
    return (
      <p className={cn('px-4 py-4 text-sm text-slate-600', className)}>
        <span className="font-medium text-slate-800">{title}.</span>
        {text ? ` ${text}` : null}
      </p>
    );
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-3 rounded-full bg-slate-100 p-3 text-slate-500">
        {icon ?? <InboxIcon className="h-6 w-6" />}
      </div>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {text ? <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

import { cn } from './cn';

export interface CardProps extends Omit<React.HTMLAttributes<HTMLElement>, 'title'> {
  /** Optional heading row; `actions` sits on its right. */
  title?: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  /** Drop the inner padding (e.g. when the body is a full-width table). */
  flush?: boolean;
  as?: 'section' | 'div' | 'article';
}

export function Card({
  title,
  description,
  actions,
  flush,
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Tag className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...rest}>
      {title || actions ? (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <div className="min-w-0">
            {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : null}
            {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={flush ? undefined : 'p-4 sm:p-5'}>{children}</div>
    </Tag>
  );
}

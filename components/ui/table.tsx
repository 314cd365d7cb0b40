import { cn } from './cn';

/** A table that scrolls sideways on narrow screens instead of breaking the page. */
export function Table({
  className,
  children,
  caption,
  ...rest
}: React.TableHTMLAttributes<HTMLTableElement> & { caption?: React.ReactNode }) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('min-w-full divide-y divide-slate-200 text-left text-sm', className)} {...rest}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...rest }: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-slate-50', className)} {...rest} />;
}

export function TBody({ className, ...rest }: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-100 bg-white', className)} {...rest} />;
}

export function Tr({ className, ...rest }: React.HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('hover:bg-slate-50/70', className)} {...rest} />;
}

export function Th({ className, scope = 'col', ...rest }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        'whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600',
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: React.TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-800', className)} {...rest} />;
}

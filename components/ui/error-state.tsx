'use client';

import { Button } from './button';
import { cn } from './cn';
import { AlertIcon, RefreshIcon } from './icons';

export interface ErrorStateProps {
  title?: React.ReactNode;
  /** The server's message (or a plain explanation); shown as is. */
  message?: React.ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, retrying, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-6 py-10 text-center', className)}>
      <div className="mb-3 rounded-full bg-red-50 p-3 text-red-700">
        <AlertIcon className="h-6 w-6" />
      </div>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {message ? <p className="mt-1 max-w-md text-sm text-slate-600">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RefreshIcon />}
          Try again
        </Button>
      ) : null}
    </div>
  );
}

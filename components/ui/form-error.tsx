import { cn } from './cn';

/** What a failed request says: an Error's message, a string as is, else `fallback`. */
export function errorText(error: unknown, fallback = 'That did not work. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The one look of a form's error (the server's answer about the form as a whole, a refused
 * request): red, announced as an alert. Give it `error` (anything thrown, a mutation's error;
 * nothing shown while it is empty) or the words as children. Errors about one field belong under
 * that field (FormField's `error`).
 */
export function FormError({
  error,
  children,
  className,
}: {
  error?: unknown;
  children?: React.ReactNode;
  className?: string;
}) {
  const content = children ?? (error ? errorText(error) : null);
  if (content === null || content === undefined || content === false || content === '') return null;
  return (
    <div role="alert" className={cn('rounded-md bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      {content}
    </div>
  );
}

import { DID_NOT_WORK } from '@/lib/shared/text';
import { cn } from './cn';
import { AlertIcon } from './icons';

/** What a failed request says: an Error's message, a string as is, else `fallback`. */
export function errorText(error: unknown, fallback = DID_NOT_WORK): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * The one look of a form's error (the server's answer about the form as a whole, a refused
 * request): red, with the icon (never by colour alone), announced as an alert; the red twin of
 * Warning. Give it `error` (anything thrown, a mutation's error; nothing shown while it is empty)
 * or the words as children. An error about one field belongs under that field (FormField's `error`).
 */
export function FormError({
  error,
  children,
  id,
  ref,
  tabIndex,
  className,
}: {
  error?: unknown;
  children?: React.ReactNode;
  /** For a form's aria-describedby. */
  id?: string;
  /** With tabIndex={-1}, for a form that moves the focus to its error. */
  ref?: React.Ref<HTMLDivElement>;
  tabIndex?: number;
  className?: string;
}) {
  const content = children ?? (error ? errorText(error) : null);
  if (content === null || content === undefined || content === false || content === '') return null;
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={tabIndex}
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800',
        className,
      )}
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">{content}</div>
    </div>
  );
}

'use client';

import { cloneElement, isValidElement, useId } from 'react';
import { cn } from './cn';
import { AlertIcon } from './icons';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: React.ReactNode;
  /** Help shown under the control, linked with aria-describedby. */
  hint?: React.ReactNode;
  /** Inline error; marks the control aria-invalid and is announced with it. */
  error?: React.ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** One control element (Input, Select, ...) or a render function receiving the wiring props. */
  children: React.ReactElement | ((props: FieldControlProps) => React.ReactNode);
}

/** Label + control + hint + error, wired for assistive technology. */
export function FormField({ label, hint, error, required, id, className, children }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? `f${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const wiring: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  };
  const control =
    typeof children === 'function'
      ? children(wiring)
      : isValidElement(children)
        ? cloneElement(children as React.ReactElement<FieldControlProps>, wiring)
        : children;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * The one look of an error about one field, under it: red, with the icon. FormField shows its own;
 * a group of controls (a fieldset of checkboxes) puts this under its legend's controls and points
 * `aria-describedby` at its `id`. `role="alert"` where the error should be announced as it appears.
 */
export function FieldError({
  id,
  role,
  className,
  children,
}: {
  id?: string;
  role?: 'alert';
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p id={id} role={role} className={cn('flex items-start gap-1 text-sm text-red-700', className)}>
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

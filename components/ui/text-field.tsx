'use client';

import { forwardRef } from 'react';
import { FormField } from './form-field';
import { Input } from './input';

export interface TextFieldProps
  extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id' | 'required' | 'value'> {
  label: React.ReactNode;
  /** Help shown under the input (FormField's hint). */
  hint?: React.ReactNode;
  /** Inline error (FormField's error). */
  error?: React.ReactNode;
  /** Marked as required for the eye and assistive technology (FormField's required). */
  required?: boolean;
  id?: string;
  /** Classes of the field around the input (FormField's className); `className` is the input's. */
  fieldClassName?: string;
  value: string;
  /** The text as typed, each change. */
  onValue: (value: string) => void;
}

/**
 * A labelled text input for a piece of string state: FormField around Input, the field every form
 * had written out (label, hint, error and their wiring; the value and its setter).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, id, fieldClassName, onValue, ...input },
  ref,
) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={fieldClassName}>
      <Input ref={ref} {...input} onChange={(e) => onValue(e.target.value)} />
    </FormField>
  );
});

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'label'> & { label?: React.ReactNode };

/**
 * An account's e-mail address: typed, named and offered to password managers as the account's
 * user name ("E-mail" unless labelled otherwise).
 */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { label = 'E-mail', ...props },
  ref,
) {
  return <TextField ref={ref} label={label} type="email" name="email" autoComplete="username" {...props} />;
});

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** the password the account has (`current`), or one being chosen (`new`): what password managers offer */
  purpose: 'current' | 'new';
};

/** A password, hidden as typed, with what password managers should make of it. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { purpose, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="password"
      name="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      {...props}
    />
  );
});

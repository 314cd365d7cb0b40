/**
 * UI primitives: Tailwind only, no data, no domain (lint enforces). One calm palette: slate
 * surfaces, indigo accent, green/amber/red for status (always with text or an icon too).
 *
 * - Button (primary | secondary | danger | ghost; sm | md | lg; `loading`), ButtonLink, buttonClasses
 * - RowAction (one action of a list's row, named for the row: `action` of `of`; `danger` in red)
 * - Input, Textarea, Select, Checkbox (with label), controlClasses
 * - FormField: label + control + hint + inline error, wires id / aria-describedby / aria-invalid;
 *   FieldError: that error's look on its own, for a group of controls (a fieldset)
 * - TextField: FormField around an Input for a piece of string state (`value`, `onValue`);
 *   EmailField and PasswordField, the account's address and a password (type and autocomplete chosen once)
 * - Card (optional title, description, actions; `flush` for tables)
 * - Badge (tones ok | warning | problem | neutral | info; icon by default)
 * - Table, THead, TBody, Tr, Th, Td (scrolls sideways on phones)
 * - Skeleton, SkeletonRows (loading placeholders)
 * - EmptyState (title, text, action), ErrorState (message + retry)
 * - Spinner
 * - Dialog (focus trap, Esc, role=dialog, aria-labelledby), ConfirmDialog (async confirm, shows errors)
 * - ToastProvider (mounted in components/providers.tsx) + useToast().success/error/info
 * - PageHeader (title, description, actions)
 * - TabLinks (link tabs with aria-current)
 * - Pagination + usePageParams (page / itemsPerPage in the URL)
 * - icons (CheckIcon, AlertIcon, ...), cn (class joiner)
 * - ShownOnce (a secret shown once, with copy)
 * - Warning (amber notice with icon: what the reader must know before going on)
 * - FormError (the one look of a form's error, role=alert; `error` = anything thrown) + errorText
 * - FormDialog (Dialog around a form: fields, FormError, Cancel + Submit, busy while onSubmit runs)
 * - QueryView (a query's ladder: SkeletonRows / ErrorState with retry / `empty` / children(data))
 */
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { RowAction, type RowActionProps } from './row-action';
export { Input, Textarea, Select, Checkbox, controlClasses, type CheckboxProps } from './input';
export { FieldError, FormField, type FormFieldProps, type FieldControlProps } from './form-field';
export {
  EmailField,
  PasswordField,
  TextField,
  type EmailFieldProps,
  type PasswordFieldProps,
  type TextFieldProps,
} from './text-field';
export { Card, type CardProps } from './card';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Table, THead, TBody, Tr, Th, Td } from './table';
export { Skeleton, SkeletonRows } from './skeleton';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorState, type ErrorStateProps } from './error-state';
export { Spinner } from './spinner';
export { Dialog, type DialogProps } from './dialog';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  ConfirmItemDialog,
  type ConfirmItemDialogProps,
} from './confirm-dialog';
export { ToastProvider, useToast, type ToastApi, type ToastTone } from './toast';
export { PageHeader, type PageHeaderProps } from './page-header';
export { TabLinks, type TabLink } from './tab-links';
export { Pagination, usePageParams, type PaginationProps } from './pagination';
export * from './icons';
export { ShownOnce } from './shown-once';
export { Warning } from './warning';
export { FormError, errorText } from './form-error';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { QueryView, type QueryViewProps, type QueryLike } from './query-view';
export { cn } from './cn';

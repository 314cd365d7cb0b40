'use client';

import { FormDialog } from './form-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** May return a promise: the dialog shows progress, stays open on failure and shows the error. */
  onConfirm: () => void | Promise<unknown>;
  title: React.ReactNode;
  message?: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger (default) for destructive actions. */
  tone?: 'danger' | 'primary';
}

/** "Are you sure?" for destructive actions: a FormDialog without fields. Closes itself after a successful confirm. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      submitVariant={tone}
      onSubmit={async () => {
        await onConfirm();
      }}
    >
      {message ? <div>{message}</div> : null}
    </FormDialog>
  );
}

export interface ConfirmItemDialogProps<T>
  extends Omit<ConfirmDialogProps, 'open' | 'title' | 'message' | 'onConfirm'> {
  /** The row asked about (a key, a link, a person): the dialog is open while it is set. */
  item: T | null | undefined;
  title: (item: T) => React.ReactNode;
  message?: React.ReactNode | ((item: T) => React.ReactNode);
  onConfirm: (item: T) => void | Promise<unknown>;
}

/**
 * ConfirmDialog about one row of a list: open while `item` is set, its title, message and action
 * given that row (no `x?.name ?? ''` while it closes, no `x!` in the action).
 */
export function ConfirmItemDialog<T>({ item, title, message, onConfirm, ...rest }: ConfirmItemDialogProps<T>) {
  if (item === null || item === undefined) return null;
  return (
    <ConfirmDialog
      open
      title={title(item)}
      message={typeof message === 'function' ? message(item) : message}
      onConfirm={() => onConfirm(item)}
      {...rest}
    />
  );
}

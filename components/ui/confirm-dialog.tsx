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

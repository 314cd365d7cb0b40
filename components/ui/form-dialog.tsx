'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { DID_NOT_WORK } from '@/lib/shared/text';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';
import { FormError } from './form-error';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** The fields (FormField ...); the first one gets the focus, Enter in a field submits. */
  children?: React.ReactNode;
  submitLabel: React.ReactNode;
  cancelLabel?: React.ReactNode;
  submitVariant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** E.g. nothing changed yet; the inline checks are better shown than a dead button. */
  submitDisabled?: boolean;
  /** No Submit button (only Cancel, e.g. once the answer says there is nothing left to send). */
  submitHidden?: boolean;
  /**
   * Runs on Submit (or Enter). Resolves: the dialog closes. Throws: it stays open and shows the
   * error in FormError. Returns `false`: it stays open and says nothing (an inline check failed, or
   * the error was put next to its field); the focus then goes to the first field marked invalid.
   */
  onSubmit: () => unknown;
  /** Pending from outside (a mutation's isPending) on top of the dialog's own while onSubmit runs. */
  pending?: boolean;
  /** An error to show in FormError besides a thrown one (a mutation's error, a message of the caller's). */
  error?: unknown;
}

/**
 * A dialog around a form: title, fields, the error in one style, Cancel and Submit in the footer.
 * While it sends, Submit shows a spinner and Cancel, Esc and the backdrop do nothing. Its state
 * (busy, error) lives only while open: each opening starts clean. The fields' state should too:
 * keep it in a component rendered only while the dialog is open (`open ? <Form /> : null`).
 */
export function FormDialog(props: FormDialogProps) {
  return props.open ? <OpenFormDialog {...props} /> : null;
}

function OpenFormDialog({
  onClose,
  title,
  description,
  size = 'sm',
  children,
  submitLabel,
  cancelLabel = 'Cancel',
  submitVariant = 'primary',
  submitDisabled,
  submitHidden,
  onSubmit,
  pending,
  error,
}: FormDialogProps) {
  const formId = `form${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [sending, setSending] = useState(false);
  const [thrown, setThrown] = useState<unknown>(null);
  const busy = sending || !!pending;
  const formRef = useRef<HTMLFormElement>(null);
  // after a submit that kept the dialog open (`false`), once nothing is pending (a form may hand
  // its request to a mutation and hear the refusal later): the person is taken to what to fix
  const [kept, setKept] = useState(0);
  useEffect(() => {
    if (kept && !busy) focusFirstInvalid(formRef.current);
  }, [kept, busy]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy || submitDisabled || submitHidden) return;
    setSending(true);
    setThrown(null);
    try {
      const result = await onSubmit();
      if (result === false) setKept((n) => n + 1);
      else onClose();
    } catch (err) {
      setThrown(err ?? new Error(DID_NOT_WORK));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      dismissable={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          {submitHidden ? null : (
            <Button type="submit" form={formId} variant={submitVariant} loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          )}
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate className="space-y-4" onSubmit={submit}>
        {children}
        <FormError error={thrown || error} />
      </form>
    </Dialog>
  );
}

/**
 * After a refused submit: the first field marked invalid gets the focus (and scrolls into view), so
 * a keyboard or screen-reader user lands on what to fix, as a sighted one sees it. Not when the form
 * says something above its fields (an alert: that comes first) or the focus is already on such a field.
 */
function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form || form.querySelector('[role="alert"]')) return;
  const active = document.activeElement;
  if (active && form.contains(active) && active.getAttribute('aria-invalid') === 'true') return;
  form
    .querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]',
    )
    ?.focus();
}

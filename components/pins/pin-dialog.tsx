'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, FormError, QueryView, Skeleton, Spinner, useToast } from '@/components/ui';
import { pinErrorMessage, useCreatePin, usePin, useUpdatePin, type PinDetail } from '@/lib/client/pins';
import { initialValues, PinForm, toBody, validate, type PinFormValues } from './pin-form';

export type PinDialogState = { mode: 'add' } | { mode: 'edit'; id: number; alias: string } | null;

interface Props {
  lockId: number;
  zone: string;
  state: PinDialogState;
  onClose: () => void;
}

/** Add or edit a PIN. While the lock works the dialog says so and cannot be dismissed. */
export function PinDialog({ lockId, zone, state, onClose }: Props) {
  const editId = state?.mode === 'edit' ? state.id : null;
  const detail = usePin(lockId, editId);
  if (!state) return null;
  const title = state.mode === 'add' ? 'Add a PIN' : `Edit “${state.alias}”`;
  const editor = (existing: PinDetail | null) => (
    // keyed by PIN: a fresh form (and fresh initial values) for every PIN opened
    <Editor key={editId ?? 'new'} lockId={lockId} zone={zone} title={title} existing={existing} onClose={onClose} />
  );
  if (state.mode === 'add') return editor(null);
  // the PIN is read before its form opens; once read, a failed refetch keeps the form
  return (
    <QueryView
      query={detail}
      keepData
      loading={
        <Dialog open onClose={onClose} title={title}>
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the PIN</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        </Dialog>
      }
      errorMessage={pinErrorMessage}
      renderError={(_, errorState) => (
        <Dialog open onClose={onClose} title={title}>
          {errorState}
        </Dialog>
      )}
    >
      {editor}
    </QueryView>
  );
}

function Editor({
  lockId,
  zone,
  title,
  existing,
  onClose,
}: {
  lockId: number;
  zone: string;
  title: string;
  existing: PinDetail | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<PinFormValues>(() => initialValues(existing, zone));
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreatePin(lockId);
  const update = useUpdatePin(lockId);
  const toast = useToast();
  const sending = create.isPending || update.isPending;
  const errors = validate(values, zone);
  const formId = 'pin-form';
  const notice = useRef<HTMLDivElement>(null);
  // the dialog scrolls on phones: bring the lock's answer (or the wait) into view
  // (braces: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup)
  useEffect(() => {
    notice.current?.scrollIntoView?.({ block: 'nearest' });
  }, [sending, serverError]);

  async function submit() {
    setServerError(null);
    if (Object.keys(errors).length) return; // the fields show what to fix
    const body = toBody(values, zone);
    try {
      if (existing) await update.mutateAsync({ id: existing.id, ...body });
      else await create.mutateAsync(body);
      toast.success(existing ? 'PIN updated' : 'PIN added', `The lock confirmed “${body.alias}”.`);
      onClose();
    } catch (e) {
      setServerError(pinErrorMessage(e));
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description="The change is sent to the lock; it is saved once the lock confirms it."
      dismissable={!sending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {sending ? 'Sending to the lock…' : existing ? 'Save PIN' : 'Add PIN'}
          </Button>
        </>
      }
    >
      <div ref={notice}>
        {sending ? (
          <p
            role="status"
            className="mb-4 flex items-center gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
          >
            <Spinner /> Sending to the lock… waiting for it to confirm.
          </p>
        ) : null}
        <FormError error={serverError} className="mb-4" />
      </div>
      <PinForm
        id={formId}
        values={values}
        onChange={setValues}
        errors={errors}
        zone={zone}
        disabled={sending}
        onSubmit={submit}
      />
    </Dialog>
  );
}

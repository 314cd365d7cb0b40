'use client';

import { useState } from 'react';
import { errorText, FormDialog, TextField } from '@/components/ui';

interface NameDialogProps {
  open: boolean;
  title: string;
  initial?: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}

/** Asks for a group name (create or rename): inline checks first, then the server's answer. */
export function NameDialog(props: NameDialogProps) {
  // mounted on open: its state starts from `initial` each time, with no reset racing the typing
  return props.open ? <NameForm {...props} /> : null;
}

function NameForm({ title, initial = '', submitLabel, onClose, onSubmit }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = !name.trim() ? 'Enter a name.' : name.trim().length > 100 ? 'At most 100 characters.' : null;

  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      onSubmit={async () => {
        setTouched(true);
        if (problem) return false;
        setServerError(null);
        // the server's answer is about the name: under the field, not in a form error
        try {
          await onSubmit(name.trim());
        } catch (err) {
          setServerError(errorText(err, 'Saving failed.'));
          return false;
        }
      }}
    >
      <TextField
        label="Group name"
        required
        error={(touched && problem) || serverError}
        value={name}
        onBlur={() => setTouched(true)}
        maxLength={120}
        autoComplete="off"
        onValue={setName}
      />
    </FormDialog>
  );
}

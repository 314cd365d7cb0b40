'use client';

import { useState } from 'react';
import { FormDialog, TextField } from '@/components/ui';
import { useRefusal } from '@/lib/client/use-refusal';

interface NameDialogProps {
  open: boolean;
  title: string;
  initial?: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}

/**
 * Asks for a group name (create or rename): inline checks first, then the server's answer, under
 * the name when it is about the name (a name taken, gone once the name is edited), above the form
 * otherwise (no longer allowed).
 */
export function NameDialog(props: NameDialogProps) {
  // mounted on open: its state starts from `initial` each time, with no reset racing the typing
  return props.open ? <NameForm {...props} /> : null;
}

function NameForm({ title, initial = '', submitLabel, onClose, onSubmit }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const server = useRefusal(['name'] as const);
  const problem = !name.trim() ? 'Enter a name.' : name.trim().length > 100 ? 'At most 100 characters.' : null;

  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      error={server.general}
      onSubmit={() => {
        setTouched(true);
        if (problem) return false;
        return server.send(() => onSubmit(name.trim()));
      }}
    >
      <TextField
        label="Group name"
        required
        error={(touched && problem) || server.byField.name}
        value={name}
        onBlur={() => setTouched(true)}
        maxLength={120}
        autoComplete="off"
        onValue={(v) => {
          setName(v);
          server.edited('name');
        }}
      />
    </FormDialog>
  );
}

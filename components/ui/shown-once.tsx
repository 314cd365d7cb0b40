'use client';

import { useRef, useState } from 'react';
import { Button } from './button';
import { FormField } from './form-field';
import { CheckIcon } from './icons';
import { Input } from './input';
import { Warning } from './warning';

/**
 * A secret the server shows exactly once (an access key, a webhook signing secret): a warning,
 * the value in a read-only field, Copy (falling back to selecting it), and "I have copied it".
 */
export function ShownOnce({
  warning,
  label,
  value,
  noun,
  copyLabel = 'Copy',
  children,
  onDone,
}: {
  warning: React.ReactNode;
  label: string;
  value: string;
  /** what the value is called in messages: "key", "secret" */
  noun: string;
  copyLabel?: string;
  /** how to use the value, shown under the field */
  children?: React.ReactNode;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard permission (or an insecure origin): select it so Ctrl+C works.
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className="space-y-4">
      <Warning>
        <p>{warning}</p>
      </Warning>
      <FormField label={label}>
        <Input
          ref={input}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
      </FormField>
      {children}
      <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        <span aria-live="polite" className="text-sm text-slate-700 sm:mr-auto">
          {copied === 'yes' ? (
            <span className="inline-flex items-center gap-1 text-green-800">
              <CheckIcon className="h-4 w-4" /> Copied to the clipboard
            </span>
          ) : copied === 'failed' ? (
            `Could not reach the clipboard: the ${noun} is selected, press Ctrl+C (⌘C).`
          ) : null}
        </span>
        <Button variant="secondary" onClick={copy}>
          {copied === 'yes' ? 'Copy again' : copyLabel}
        </Button>
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}

'use client';

import { useRef, useState } from 'react';
import { AlertIcon, Button, CheckIcon, FormField, Input } from '@/components/ui';

/** The new key, shown once: copy it now, it cannot be shown again (only its hash is stored). */
export function NewKeyPanel({ name, value, onDone }: { name: string; value: string; onDone: () => void }) {
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
      <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
        <p>
          <strong>Copy this key now: you won&apos;t see it again.</strong> We keep only a fingerprint of it. If you lose it,
          revoke it and create a new one.
        </p>
      </div>
      <FormField label={`Your new key “${name}”`}>
        <Input ref={input} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <p className="text-xs text-slate-600">
        Send it in the <code className="font-mono">Authorization</code> header: <code className="font-mono">Bearer &lt;key&gt;</code> or{' '}
        <code className="font-mono">PersonalKey &lt;key&gt;</code>. Never in a URL.
      </p>
      <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        <span aria-live="polite" className="text-sm text-slate-700 sm:mr-auto">
          {copied === 'yes' ? (
            <span className="inline-flex items-center gap-1 text-green-800">
              <CheckIcon className="h-4 w-4" /> Copied to the clipboard
            </span>
          ) : copied === 'failed' ? (
            'Could not reach the clipboard: the key is selected, press Ctrl+C (⌘C).'
          ) : null}
        </span>
        <Button variant="secondary" onClick={copy}>
          {copied === 'yes' ? 'Copy again' : 'Copy'}
        </Button>
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}

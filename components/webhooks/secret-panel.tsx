'use client';

import { useRef, useState } from 'react';
import { AlertIcon, Button, CheckIcon, FormField, Input } from '@/components/ui';

/** The signing secret, shown once: the receiver needs it to verify each message's signature. */
export function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // no clipboard (plain http, no permission): select it so Ctrl+C works
      input.current?.select();
      setCopied('failed');
    }
  }
  return (
    <div className="space-y-4">
      <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
        <p>
          <strong>Copy the signing secret now: you won&apos;t see it again.</strong> Your endpoint uses it to check that
          each message really comes from us. If you lose it, delete the webhook and create a new one.
        </p>
      </div>
      <p className="break-all text-sm text-slate-700">
        Endpoint: <span className="font-mono">{url}</span>
      </p>
      <FormField label="Signing secret">
        <Input ref={input} readOnly value={secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <p className="text-xs text-slate-600">
        Messages follow Standard Webhooks: verify the <code className="font-mono">webhook-signature</code> header with any
        Standard Webhooks library, e.g. <code className="font-mono">new Webhook(secret).verify(body, headers)</code>.
      </p>
      <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        <span aria-live="polite" className="text-sm text-slate-700 sm:mr-auto">
          {copied === 'yes' ? (
            <span className="inline-flex items-center gap-1 text-green-800">
              <CheckIcon className="h-4 w-4" /> Copied to the clipboard
            </span>
          ) : copied === 'failed' ? (
            'Could not reach the clipboard: the secret is selected, press Ctrl+C (⌘C).'
          ) : null}
        </span>
        <Button variant="secondary" onClick={copy}>
          {copied === 'yes' ? 'Copy again' : 'Copy secret'}
        </Button>
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}

'use client';

import { ShownOnce } from '@/components/ui';

/** The signing secret, shown once: the receiver needs it to verify each message's signature. */
export function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <ShownOnce
      noun="secret"
      label="Signing secret"
      copyLabel="Copy secret"
      value={secret}
      onDone={onDone}
      warning={
        <>
          <strong>Copy the signing secret now: you won&apos;t see it again.</strong> Your endpoint uses it to check that
          each message really comes from us. If you lose it, delete the webhook and create a new one.
        </>
      }
    >
      <p className="break-all text-sm text-slate-700">
        Endpoint: <span className="font-mono">{url}</span>
      </p>
      <p className="text-xs text-slate-600">
        Messages follow Standard Webhooks: verify the <code className="font-mono">webhook-signature</code> header with
        any Standard Webhooks library, e.g. <code className="font-mono">new Webhook(secret).verify(body, headers)</code>
        .
      </p>
    </ShownOnce>
  );
}

'use client';

import { ShownOnce } from '@/components/ui';

/** The new key, shown once: copy it now, it cannot be shown again (only its hash is stored). */
export function NewKeyPanel({ name, value, onDone }: { name: string; value: string; onDone: () => void }) {
  return (
    <ShownOnce
      noun="key"
      label={`Your new key “${name}”`}
      value={value}
      onDone={onDone}
      warning={
        <>
          <strong>Copy this key now: you won&apos;t see it again.</strong> We keep only a fingerprint of it. If you lose
          it, revoke it and create a new one.
        </>
      }
    >
      <p className="text-xs text-slate-600">
        Send it in the <code className="font-mono">Authorization</code> header:{' '}
        <code className="font-mono">Bearer &lt;key&gt;</code> or{' '}
        <code className="font-mono">PersonalKey &lt;key&gt;</code>. Never in a URL.
      </p>
    </ShownOnce>
  );
}

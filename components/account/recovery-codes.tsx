'use client';

import { useState } from 'react';
import { Button, Checkbox, Warning } from '@/components/ui';

/** Recovery codes, shown this once: copy or download them, and say they are kept before closing. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="space-y-4">
      <Warning>
        <p>
          Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your
          authenticator app. They are shown only now.
        </p>
      </Warning>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1.5 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? 'Copied' : 'Copy all'}
        </Button>
        <a
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Smart-lock cloud recovery codes\n\n${text}\n`)}`}
          download="smart-lock-recovery-codes.txt"
        >
          Download
        </a>
      </div>
      <Checkbox checked={kept} onChange={(e) => setKept(e.target.checked)} label="I have saved these codes" />
      <Button onClick={onDone} disabled={!kept}>
        Done
      </Button>
    </div>
  );
}

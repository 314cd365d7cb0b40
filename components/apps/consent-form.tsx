'use client';

import { useState } from 'react';
import { Notice } from '@/components/account/auth-shell';
import { Button, Checkbox, Warning, TextField } from '@/components/ui';
import { UNREACHABLE } from '@/lib/client/words';

export interface ConsentFormProps {
  uid: string;
  appName: string;
  redirectOrigin: string;
  email: string;
  /** each scope the app asked for, with what it lets the app do */
  scopes: Array<{ name: string; words: string }>;
  refused: string[];
  reach: Array<{ name: string; doors: number }>;
  secondFactor: 'code' | 'recent' | null;
  blockedBy: string[];
}

interface Envelope {
  result?: { redirectTo?: string };
  errorMessages?: string[];
}

/**
 * The consent page's form: what the app may do (each scope, unticked to leave it out), what it
 * would reach, the second factor when one is needed, and the two answers. The answer goes to the
 * server with fetch, and the browser then goes where the server says (back to the app): a form
 * post could not follow the redirect to the app's address under the page's form-action policy.
 */
export function ConsentForm(p: ConsentFormProps) {
  const [chosen, setChosen] = useState<Set<string>>(new Set(p.scopes.map((s) => s.name)));
  const [code, setCode] = useState('');
  const [sending, setSending] = useState<'allow' | 'deny' | null>(null);
  const [error, setError] = useState<string[] | null>(null);

  const send = async (allow: boolean) => {
    setSending(allow ? 'allow' : 'deny');
    setError(null);
    try {
      const res = await fetch(`/oauth/interaction/${encodeURIComponent(p.uid)}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(allow ? { allow, scopes: [...chosen], code: code || undefined } : { allow }),
      });
      const body = (await res.json().catch(() => ({}))) as Envelope;
      if (res.ok && body.result?.redirectTo) {
        window.location.assign(body.result.redirectTo);
        return;
      }
      setError(body.errorMessages?.length ? body.errorMessages : [`The answer was not taken (${res.status}).`]);
    } catch {
      setError([UNREACHABLE]);
    }
    setSending(null);
  };

  const blocked = p.blockedBy.length > 0;
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void send(true);
      }}
    >
      <p className="text-sm text-slate-700">
        Signed in as <span className="font-medium text-slate-900">{p.email}</span>. After you answer you go back to{' '}
        <span className="font-medium text-slate-900">{p.redirectOrigin}</span>.
      </p>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">{p.appName} will be able to</legend>
        {p.scopes.length ? (
          <ul className="space-y-2">
            {p.scopes.map((s) => (
              <li key={s.name}>
                <Checkbox
                  id={`scope-${s.name}`}
                  label={s.words}
                  hint={s.name}
                  checked={chosen.has(s.name)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(s.name);
                    else next.delete(s.name);
                    setChosen(next);
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">The app asked for nothing it may have.</p>
        )}
        {p.refused.length ? (
          <p className="mt-2 text-xs text-slate-600">
            Also asked for, never given to apps: {p.refused.join(', ')} (your account and its security stay yours).
          </p>
        ) : null}
      </fieldset>

      <section aria-labelledby="reach-title">
        <h2 id="reach-title" className="mb-1 text-sm font-semibold text-slate-900">
          Whose doors it reaches
        </h2>
        {p.reach.length ? (
          <ul className="list-inside list-disc text-sm text-slate-700">
            {p.reach.map((r) => (
              <li key={r.name}>
                {r.name}: {r.doors === 1 ? '1 door' : `${r.doors} doors`} you can open today
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">You have no devices yet.</p>
        )}
        <p className="mt-1 text-xs text-slate-600">
          It acts as you: when you lose access to a door, so does the app. Disconnect it any time in Settings &gt;
          Connected apps.
        </p>
      </section>

      {blocked ? (
        <Warning>
          {p.blockedBy.join(', ')} requires a second factor of its administrators. Add one in{' '}
          <a className="font-medium underline" href="/settings/security">
            Settings &gt; Security
          </a>{' '}
          before connecting an app.
        </Warning>
      ) : p.secondFactor === 'code' ? (
        <TextField
          label="Code from your authenticator app"
          hint="Or one of your recovery codes."
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          maxLength={64}
          onValue={setCode}
        />
      ) : p.secondFactor === 'recent' ? (
        <p className="text-xs text-slate-600">Your passkey sign-in counts as your second factor here.</p>
      ) : null}

      {error ? (
        <Notice tone="error">
          {error.map((m) => (
            <span key={m} className="block">
              {m}
            </span>
          ))}
        </Notice>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="secondary"
          onClick={() => send(false)}
          loading={sending === 'deny'}
          disabled={!!sending}
        >
          Don&apos;t allow
        </Button>
        <Button type="submit" loading={sending === 'allow'} disabled={!!sending || blocked || chosen.size === 0}>
          Allow
        </Button>
      </div>
    </form>
  );
}

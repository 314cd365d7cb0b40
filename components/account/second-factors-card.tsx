'use client';

import { useState } from 'react';
import { Badge, Button, Card, Dialog, FormDialog, QueryView, useToast, TextField } from '@/components/ui';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { ApiError } from '@/lib/client/api';
import {
  useAddPasskey,
  useRemovePasskey,
  useRemoveTotp,
  useRenewRecoveryCodes,
  useSecondFactors,
  type PasskeyInfo,
} from '@/lib/client/second-factors';
import { PasswordDialog } from './password-dialog';
import { PasswordPrompt } from './password-prompt';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { relative } from '@/lib/shared/time-text';
import { fmtDate } from './when';

type Asking = { kind: 'removeTotp' } | { kind: 'renewCodes' } | { kind: 'removePasskey'; passkey: PasskeyInfo } | null;

/** Settings > Security: the authenticator app (with recovery codes) and passkeys. */
export function SecondFactorsCard() {
  const q = useSecondFactors();
  const removeTotp = useRemoveTotp();
  const renew = useRenewRecoveryCodes();
  const removePasskey = useRemovePasskey();
  const toast = useToast();
  const [settingUp, setSettingUp] = useState(false);
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = q.data;

  return (
    <Card
      title="Second factor"
      description="After your password, a code from an authenticator app or a passkey proves it is you. Organizations may require it of administrators."
      actions={s ? <Badge tone={s.enabled ? 'ok' : 'warning'}>{s.enabled ? 'On' : 'Off'}</Badge> : null}
    >
      <QueryView query={q} loading={{ rows: 3 }} errorMessage={() => 'Could not load your second factors.'}>
        {() => (
          <div className="divide-y divide-slate-200">
            <section aria-labelledby="totp-title" className="pb-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 id="totp-title" className="text-sm font-semibold text-slate-900">
                    Authenticator app
                  </h3>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {s!.totp.enabled
                      ? `On since ${fmtDate(s!.totp.confirmedAt!)}. ${s!.recoveryCodesLeft} of 10 recovery codes left.`
                      : 'A 6-digit code that changes every 30 seconds, from an app on your phone.'}
                  </p>
                </div>
                {s!.totp.enabled ? (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setAsking({ kind: 'renewCodes' })}>
                      New recovery codes
                    </Button>
                    <Button variant="danger" size="sm" onClick={() => setAsking({ kind: 'removeTotp' })}>
                      Remove
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" onClick={() => setSettingUp(true)}>
                    Set up authenticator app
                  </Button>
                )}
              </div>
            </section>
            <section aria-labelledby="passkeys-title" className="pt-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 id="passkeys-title" className="text-sm font-semibold text-slate-900">
                    Passkeys
                  </h3>
                  <p className="mt-0.5 text-sm text-slate-600">
                    Sign in with your fingerprint, face or device PIN instead of a password and code.
                  </p>
                </div>
                <Button
                  size="sm"
                  variant={s!.passkeys.length ? 'secondary' : 'primary'}
                  onClick={() => setAdding(true)}
                >
                  Add a passkey
                </Button>
              </div>
              {s!.passkeys.length ? (
                <ul
                  className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200"
                  aria-label="Your passkeys"
                >
                  {s!.passkeys.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium text-slate-900">{p.name}</p>
                        <p className="text-xs text-slate-500">
                          Added {fmtDate(p.created)} ·{' '}
                          {p.lastUsed ? `last used ${relative(p.lastUsed)}` : 'not used yet'}
                        </p>
                      </div>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setAsking({ kind: 'removePasskey', passkey: p })}
                        aria-label={`Remove passkey ${p.name}`}
                      >
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          </div>
        )}
      </QueryView>

      <TotpSetup open={settingUp} onClose={() => setSettingUp(false)} />
      <AddPasskey
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(name) => toast.success('Passkey added', `${name} signs you in from now on.`)}
      />
      <PasswordPrompt
        open={asking !== null}
        title={
          asking?.kind === 'removeTotp'
            ? 'Remove the authenticator app?'
            : asking?.kind === 'renewCodes'
              ? 'New recovery codes'
              : `Remove passkey ${asking?.kind === 'removePasskey' ? asking.passkey.name : ''}?`
        }
        why={
          asking?.kind === 'removeTotp'
            ? 'Its codes and your recovery codes stop working. Enter your password to confirm.'
            : asking?.kind === 'renewCodes'
              ? 'Your current recovery codes stop working and 10 new ones are shown once. Enter your password to confirm.'
              : 'It no longer signs you in. Enter your password to confirm.'
        }
        confirmLabel={asking?.kind === 'renewCodes' ? 'Make new codes' : 'Remove'}
        danger={asking?.kind !== 'renewCodes'}
        onClose={() => setAsking(null)}
        run={async (password) => {
          if (asking?.kind === 'removeTotp') {
            await removeTotp.mutateAsync(password);
            toast.success('Authenticator app removed');
          } else if (asking?.kind === 'renewCodes') setCodes((await renew.mutateAsync(password)).recoveryCodes);
          else if (asking?.kind === 'removePasskey') {
            await removePasskey.mutateAsync({ id: asking.passkey.id, password });
            toast.success('Passkey removed');
          }
        }}
      />
      <Dialog open={codes !== null} onClose={() => setCodes(null)} title="Your new recovery codes" dismissable={false}>
        {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      </Dialog>
    </Card>
  );
}

/** Names a new passkey, then lets the browser make it. */
function AddPasskey({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const needsPassword = add.error instanceof ApiError && add.error.messages.includes(REAUTH_REQUIRED);
  const close = () => {
    setName('');
    setTried(false);
    add.reset();
    onClose();
  };
  const submit = () => add.mutate(name.trim(), { onSuccess: () => (onAdded(name.trim()), close()) });
  if (open && needsPassword)
    return (
      <PasswordDialog
        open
        onClose={close}
        onConfirmed={() => (add.reset(), submit())}
        why="Adding a passkey needs your password: you signed in more than 10 minutes ago."
      />
    );
  const err = add.error;
  const message =
    tried && !name.trim()
      ? 'Give the passkey a name.'
      : err instanceof ApiError
        ? err.messages.join(' ')
        : err && (err as Error).name === 'NotAllowedError'
          ? 'The passkey was not created: the request was cancelled or timed out. Try again.'
          : err
            ? 'This browser could not create a passkey. Try another browser or device.'
            : null;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add a passkey"
      description="Your browser or phone asks you to confirm with your fingerprint, face or device PIN."
      submitLabel="Continue"
      pending={add.isPending}
      onSubmit={async () => {
        setTried(true);
        if (!name.trim()) return false;
        // a refusal is said under the name (add.error); a password ask replaces this dialog
        return add.mutateAsync(name.trim()).then(
          () => onAdded(name.trim()),
          () => false,
        );
      }}
    >
      <TextField
        label="Name"
        hint="To recognize it later, such as “Work laptop”."
        error={message}
        name="passkeyName"
        maxLength={100}
        value={name}
        onValue={setName}
      />
    </FormDialog>
  );
}

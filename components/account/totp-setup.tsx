'use client';

import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button, Dialog, FormError, Spinner, TextField } from '@/components/ui';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { ApiError, apiMessage, messageFor } from '@/lib/client/api';
import { useConfirmTotp, useStartTotp } from '@/lib/client/second-factors';
import { PasswordDialog } from './password-dialog';
import { RecoveryCodes } from './recovery-codes';

const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The otpauth:// URI as a QR code, drawn in the browser: the secret never leaves the page (no
 * image service, no log). Nothing is shown if drawing fails; the key below still works.
 */
function TotpQr({ uri }: { uri: string }) {
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 }).then(
      (url) => live && setPng(url),
      () => live && setPng(null),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!png) return null;
  return (
    // a data: URL drawn here, shown as is
    <img
      src={png}
      width={176}
      height={176}
      alt="QR code of the setup key for your authenticator app"
      data-testid="totp-qr"
      className="mt-2 rounded-md border border-slate-200"
    />
  );
}

/**
 * Setting up an authenticator app: a QR code to scan, the key to type into the app (or its otpauth:// link), the
 * app's first code to confirm, then the recovery codes, shown once.
 */
export function TotpSetup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const needsPassword = start.error instanceof ApiError && start.error.messages.includes(REAUTH_REQUIRED);
  const { mutate, reset } = start;

  useEffect(() => {
    if (open) mutate();
    else reset();
  }, [open, mutate, reset]);

  const close = () => {
    setCode('');
    setTried(false);
    setCodes(null);
    confirm.reset();
    onClose();
  };

  if (needsPassword && open) {
    return (
      <PasswordDialog
        open
        onClose={close}
        onConfirmed={() => mutate()}
        why="Setting up a second factor needs your password: you signed in more than 10 minutes ago."
      />
    );
  }

  const codeError =
    tried && !/^\d{6}$/.test(code.replace(/\s/g, ''))
      ? 'Enter the 6 digits your app shows.'
      : messageFor(confirm.error, 'code');
  const secret = start.data?.secret;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={codes ? 'Your recovery codes' : 'Set up an authenticator app'}
      description={
        codes ? undefined : 'Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis.'
      }
      dismissable={!codes && !confirm.isPending}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : start.isPending || (!secret && !start.error) ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : start.error ? (
        <FormError>{apiMessage(start.error)}</FormError>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return;
            confirm.mutate(code.replace(/\s/g, ''), { onSuccess: (r) => setCodes(r.recoveryCodes) });
          }}
        >
          <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700">
            <li>
              In your app, add an account and scan this QR code:
              <TotpQr uri={start.data!.uri} />
              <span className="mt-3 block">Or choose to enter a setup key, and type this key (time based):</span>
              <code
                data-testid="totp-secret"
                data-secret={secret}
                className="mt-2 block break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
              >
                {grouped(secret!)}
              </code>
              <span className="mt-1 block text-xs text-slate-500">
                On this device you can also{' '}
                <a className="font-medium text-indigo-700 hover:underline" href={start.data!.uri}>
                  open it in your authenticator app
                </a>
                .
              </span>
            </li>
            <li>Enter the 6-digit code the app now shows for Smart-lock cloud.</li>
          </ol>
          <TextField
            label="Code from the app"
            error={codeError}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            className="max-w-40 font-mono tracking-widest"
            onValue={setCode}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

'use client';

import { useState } from 'react';
import { Button, Card, Dialog, EmptyState, PageHeader, QueryView, useToast, ConfirmItemDialog } from '@/components/ui';
import { REAUTH_REQUIRED } from '@/lib/auth/reauth';
import { ApiError } from '@/lib/client/api';
import { useAccessKeys, useCreateKey, useRevokeKey, type AccessKey, type NewKeyInput } from '@/lib/client/account';
import { CreateKeyDialog } from './create-key-form';
import { PasswordDialog } from './password-dialog';
import { KeyCards } from './key-cards';
import { KeysTable } from './keys-table';
import { NewKeyPanel } from './new-key-panel';

/** Settings > Access keys: the signed-in user's personal access keys for the API. */
export function AccessKeysPage() {
  const keys = useAccessKeys();
  const create = useCreateKey();
  const revoke = useRevokeKey();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<AccessKey | null>(null);
  const [showRevoked, setShowRevoked] = useState(false);
  // a key asked for more than 10 minutes after sign-in: the password first, then the same request again
  const [waiting, setWaiting] = useState<NewKeyInput | null>(null);

  const all = keys.data ?? [];
  const revokedCount = all.filter((k) => k.status === 'revoked').length;
  const visible = showRevoked ? all : all.filter((k) => k.status !== 'revoked');

  const openCreate = () => {
    create.reset();
    setCreating(true);
  };
  const newButton = <Button onClick={openCreate}>Create key</Button>;
  const submit = (input: NewKeyInput) =>
    create.mutate(input, {
      onSuccess: (res) => {
        setCreating(false);
        setCreated({ name: input.name, key: res.key });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 403 && e.messages.includes(REAUTH_REQUIRED)) setWaiting(input);
      },
    });
  const needsPassword = create.error instanceof ApiError && create.error.messages.includes(REAUTH_REQUIRED);

  return (
    <>
      <PageHeader
        title="Access keys"
        description="Personal access keys let scripts and other apps use the API as you, limited to the scopes you choose. Treat them like passwords."
        actions={all.length ? newButton : null}
      />
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        <a className="font-medium text-indigo-700 underline" href="/docs/api">
          Use the API
        </a>
        : every endpoint, its scopes and answers, from the same OpenAPI document your tools can load (
        <a className="text-indigo-700 underline" href="/api/v37/openapi.json">
          openapi.json
        </a>
        ).
      </p>
      <Card flush>
        <QueryView query={keys} loading={{ rows: 3, label: 'Loading access keys' }}>
          {() =>
            visible.length === 0 && revokedCount === 0 ? (
              <EmptyState
                title="No access keys yet"
                text="Create a key to call the API from a script, a home automation system or the command line."
                action={newButton}
              />
            ) : (
              <>
                <div className="sm:hidden">
                  <KeyCards keys={visible} onRevoke={setRevoking} />
                </div>
                <div className="hidden sm:block">
                  <KeysTable keys={visible} onRevoke={setRevoking} />
                </div>
              </>
            )
          }
        </QueryView>
      </Card>
      {revokedCount ? (
        <div className="mt-3">
          <Button variant="ghost" size="sm" onClick={() => setShowRevoked((v) => !v)} aria-pressed={showRevoked}>
            {showRevoked ? 'Hide revoked keys' : `Show revoked keys (${revokedCount})`}
          </Button>
        </div>
      ) : null}

      <CreateKeyDialog
        open={creating}
        sending={create.isPending}
        serverError={needsPassword ? null : create.error}
        onClose={() => setCreating(false)}
        onSubmit={submit}
      />

      <PasswordDialog
        open={!!waiting}
        why="You signed in more than 10 minutes ago. Enter your password to create the key."
        onClose={() => {
          setWaiting(null);
          create.reset();
        }}
        onConfirmed={() => {
          const input = waiting!;
          setWaiting(null);
          submit(input);
        }}
      />

      <Dialog
        open={!!created}
        onClose={() => setCreated(null)}
        title="Your new access key"
        size="lg"
        dismissable={false}
      >
        {created ? <NewKeyPanel name={created.name} value={created.key} onDone={() => setCreated(null)} /> : null}
      </Dialog>

      <ConfirmItemDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title={(k) => `Revoke “${k.name}”?`}
        message="Anything using this key stops working at once. This cannot be undone."
        confirmLabel="Revoke key"
        onConfirm={async (k) => {
          await revoke.mutateAsync(k.id);
          toast.success('Key revoked', `“${k.name}” no longer works.`);
        }}
      />
    </>
  );
}

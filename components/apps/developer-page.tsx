'use client';

import { useState } from 'react';
import { fmtDate } from '@/components/account/when';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  PageHeader,
  QueryView,
  ShownOnce,
  useToast,
  ConfirmItemDialog,
  RowAction,
} from '@/components/ui';
import {
  useDeleteApp,
  useDeveloperApps,
  useRegisterApp,
  type AppRegistered,
  type DeveloperApp,
} from '@/lib/client/apps';
import { AppMark } from './app-mark';
import { RegisterAppDialog } from './register-app-form';

/** Settings > Developer: the apps the person registered to ask others for access (OAuth clients). */
export function DeveloperPage() {
  const apps = useDeveloperApps();
  const register = useRegisterApp();
  const remove = useDeleteApp();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AppRegistered | null>(null);
  const [removing, setRemoving] = useState<DeveloperApp | null>(null);
  const open = () => {
    register.reset();
    setCreating(true);
  };
  const newButton = <Button onClick={open}>Register app</Button>;

  return (
    <>
      <PageHeader
        title="Developer"
        description="Register an app so that people can connect it to their account with OAuth 2.1 (authorization code with PKCE), instead of pasting an access key into it."
        actions={apps.data?.length ? newButton : null}
      />
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Server metadata:{' '}
        <a className="font-medium text-indigo-700 underline" href="/.well-known/oauth-authorization-server">
          /.well-known/oauth-authorization-server
        </a>
        . Access tokens last 10 minutes; refresh tokens rotate on every use.
      </p>
      <Card flush>
        <QueryView
          query={apps}
          loading={{ rows: 2, label: 'Loading your apps' }}
          empty={
            <EmptyState
              title="No apps registered"
              text="Register an app to get its client id (and a secret, for apps that run on a server)."
              action={newButton}
            />
          }
        >
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.map((a) => (
                <li key={a.clientId} className="flex flex-wrap items-start gap-4 px-4 py-4 sm:px-5">
                  <AppMark clientId={a.clientId} name={a.name} hasLogo={a.hasLogo} />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-medium text-slate-900">
                      {a.name}{' '}
                      <Badge tone="neutral" icon={false}>
                        {a.isPublic ? 'Public (PKCE only)' : 'Confidential'}
                      </Badge>
                    </h2>
                    <p className="text-sm text-slate-600">
                      Client id <code className="font-mono text-slate-900">{a.clientId}</code> · registered{' '}
                      {fmtDate(`${a.created}Z`)}
                    </p>
                    <ul className="mt-1 text-xs text-slate-600">
                      {a.redirectUris.map((u) => (
                        <li key={u} className="font-mono break-all">
                          {u}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <RowAction action="Remove" of={a.name} danger onClick={() => setRemoving(a)} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>

      <RegisterAppDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (input) => {
          const res = await register.mutateAsync(input);
          if (res.clientSecret) setCreated(res);
          else toast.success(`${res.name} is registered: client id ${res.clientId}.`);
        }}
      />

      <Dialog open={!!created} onClose={() => setCreated(null)} title="Your app's secret" size="lg" dismissable={false}>
        {created?.clientSecret ? (
          <ShownOnce
            noun="secret"
            label={`Client secret of “${created.name}”`}
            value={created.clientSecret}
            onDone={() => setCreated(null)}
            warning={
              <>
                <strong>Copy this secret now: you won&apos;t see it again.</strong> We keep only a fingerprint of it.
              </>
            }
          >
            <p className="text-xs text-slate-600">
              Client id <code className="font-mono">{created.clientId}</code>. Send both with HTTP Basic (or as
              client_id and client_secret in the form) to the token endpoint.
            </p>
          </ShownOnce>
        ) : null}
      </Dialog>

      <ConfirmItemDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title={(a) => `Remove “${a.name}”?`}
        message="Everyone who connected it is disconnected at once: its tokens stop working on their next call. This cannot be undone."
        confirmLabel="Remove app"
        onConfirm={async (a) => {
          await remove.mutateAsync(a.clientId);
          toast.success(`${a.name} is removed.`);
        }}
      />
    </>
  );
}

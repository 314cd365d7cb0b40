'use client';

import { useState } from 'react';
import { fmtDateTime } from '@/components/account/when';
import { relative } from '@/lib/shared/time-text';
import {
  Badge,
  Card,
  EmptyState,
  PageHeader,
  QueryView,
  useToast,
  ConfirmItemDialog,
  RowAction,
} from '@/components/ui';
import { useConnectedApps, useDisconnectApp, type ConnectedApp } from '@/lib/client/apps';
import { AppMark } from './app-mark';

/** Settings > Connected apps: the apps that act for the person, what each may do, its last use, Disconnect. */
export function ConnectedAppsPage() {
  const apps = useConnectedApps();
  const disconnect = useDisconnectApp();
  const toast = useToast();
  const [leaving, setLeaving] = useState<ConnectedApp | null>(null);
  const now = Date.now();

  return (
    <>
      <PageHeader
        title="Connected apps"
        description="Apps you allowed to act for you, with what each may do. An app reaches only the doors you can reach, and loses them with you."
      />
      <Card flush>
        <QueryView
          query={apps}
          loading={{ rows: 2, label: 'Loading connected apps' }}
          empty={
            <EmptyState
              title="No connected apps"
              text="When an app (a home automation system, a phone app) asks to use your account, you allow it on a page of this portal, and it shows here."
            />
          }
        >
          {(data) => (
            <ul className="divide-y divide-slate-200">
              {data.map((a) => (
                <li key={a.clientId} className="flex flex-wrap items-start gap-4 px-4 py-4 sm:px-5">
                  <AppMark clientId={a.clientId} name={a.name} hasLogo={a.hasLogo} />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-medium text-slate-900">{a.name}</h2>
                    <p className="text-sm text-slate-600">
                      Connected {fmtDateTime(`${a.connected}Z`)} ·{' '}
                      {a.lastUsed ? (
                        <span title={fmtDateTime(a.lastUsed)}>last used {relative(a.lastUsed, now)}</span>
                      ) : (
                        'not used yet'
                      )}
                    </p>
                    <ul className="mt-2 flex flex-wrap gap-1" aria-label={`What ${a.name} may do`}>
                      {a.scopes.map((s) => (
                        <li key={s}>
                          <Badge tone="neutral" icon={false}>
                            {s}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  </div>
                  <RowAction action="Disconnect" of={a.name} danger onClick={() => setLeaving(a)} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <ConfirmItemDialog
        item={leaving}
        onClose={() => setLeaving(null)}
        title={(a) => `Disconnect “${a.name}”?`}
        message="The app loses access at once: its tokens stop working on its next call. To use it again, you connect it again from the app."
        confirmLabel="Disconnect"
        onConfirm={async (a) => {
          await disconnect.mutateAsync(a.clientId);
          toast.success(`${a.name} is disconnected.`);
        }}
      />
    </>
  );
}

'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  EmptyState,
  FormError,
  FormField,
  Input,
  PageHeader,
  QueryView,
  Select,
  useToast,
  Warning,
  ConfirmItemDialog,
  TextField,
} from '@/components/ui';
import { apiMessage } from '@/lib/client/api';
import { relative } from '@/lib/shared/time-text';
import { fmtDateTime } from '@/components/account/when';
import {
  useAddBridge,
  useCheckBridge,
  useOrgBridges,
  useRemoveBridge,
  type Bridge,
  type BridgeAccessInput,
  type CheckedBridge,
} from '@/lib/client/bridges';
import type { MyOrganization } from '@/lib/client/organization';
import { mayInOrg, OrgGate } from './org-gate';

/** Organization > Bridges: the organization's bridges and their locks, and adding a real one by its local API (docs/devices.md). */
export function BridgesPage() {
  return (
    <OrgGate>
      {(org) =>
        mayInOrg(org, 'manageBridges') ? (
          <Bridges org={org} />
        ) : (
          <EmptyState
            title="Bridges are added by administrators"
            text="Ask an organization administrator to add a bridge and its locks."
          />
        )
      }
    </OrgGate>
  );
}

function Bridges({ org }: { org: MyOrganization }) {
  const bridges = useOrgBridges(org.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Bridge | null>(null);
  const remove = useRemoveBridge(org.id);
  const toast = useToast();
  return (
    <div>
      <PageHeader
        title="Bridges"
        description={`The bridges of ${org.name} and the locks the service reaches through them.`}
        actions={<Button onClick={() => setAdding(true)}>Add a bridge</Button>}
      />
      <Card flush>
        <QueryView
          query={bridges}
          loading={{ rows: 3, label: 'Loading the bridges' }}
          empty={
            <EmptyState
              title="No bridges yet"
              text="Add a Tedee bridge by the address and API token its app shows (Bridge settings > Local API); its locks come with it."
              action={<Button onClick={() => setAdding(true)}>Add a bridge</Button>}
            />
          }
        >
          {(data) => (
            <ul className="divide-y divide-slate-100" aria-label="Bridges">
              {data.map((b) => (
                <BridgeRow key={b.id} bridge={b} onRemove={() => setRemoving(b)} />
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <AddBridgeDialog org={org} open={adding} onClose={() => setAdding(false)} />
      <ConfirmItemDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title={(b) => `Remove ${b.name}?`}
        message={(b) => (
          <>
            The service stops reaching it: its callback is removed from the bridge, and its{' '}
            {b.locks.length === 1 ? 'lock stays' : `${b.locks.length} locks stay`} with their accesses and history, no
            longer paired with a bridge (no remote opening until it is added again).
          </>
        )}
        confirmLabel="Remove the bridge"
        onConfirm={async (b) => {
          await remove.mutateAsync(b.id);
          toast.success(`${b.name} removed`);
        }}
      />
    </div>
  );
}

function BridgeRow({ bridge: b, onRemove }: { bridge: Bridge; onRemove: () => void }) {
  const tedee = !b.capabilities.length;
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{b.name}</span>
          {b.isConnected ? <Badge tone="ok">Connected</Badge> : <Badge tone="problem">Offline</Badge>}
          {tedee ? <Badge tone="neutral">Tedee bridge API only</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">
          {b.serialNumber} · {b.address ?? 'no address stored'} · {b.tokenMode === 'plain' ? 'plain' : 'encrypted'}{' '}
          token ·{' '}
          {b.lastEventAt ? (
            <span title={fmtDateTime(b.lastEventAt)}>last event {relative(b.lastEventAt)}</span>
          ) : (
            'no event from it yet'
          )}
        </p>
        {tedee ? (
          <p className="text-sm text-slate-600">
            PIN codes and lock settings of its locks are managed in the Tedee app: the bridge&apos;s API has no way to
            change them.
          </p>
        ) : null}
        <p className="text-sm text-slate-700">
          {b.locks.length ? (
            <>
              Locks:{' '}
              {b.locks.map((l, i) => (
                <span key={l.id}>
                  {i ? ', ' : ''}
                  <Link className="text-indigo-700 underline" href={`/devices/${l.id}`}>
                    {l.name}
                  </Link>
                </span>
              ))}
            </>
          ) : (
            'No locks added from it.'
          )}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/**
 * Add a bridge: its address and API token first (checked with the bridge, nothing stored), then the
 * locks it has, each chosen and named, then added with the callback registered.
 */
function AddBridgeDialog({ org, open, onClose }: { org: MyOrganization; open: boolean; onClose: () => void }) {
  const check = useCheckBridge(org.id);
  const add = useAddBridge(org.id);
  const toast = useToast();
  const [access, setAccess] = useState<BridgeAccessInput>({ address: '', token: '', tokenMode: 'encrypted' });
  const [found, setFound] = useState<CheckedBridge | null>(null);
  const [bridgeName, setBridgeName] = useState('');
  const [chosen, setChosen] = useState<Record<number, { on: boolean; name: string }>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const busy = check.isPending || add.isPending;

  const close = () => {
    setAccess({ address: '', token: '', tokenMode: 'encrypted' });
    setFound(null);
    setChosen({});
    setProblem(null);
    setTried(false);
    onClose();
  };

  async function ask() {
    setTried(true);
    setProblem(null);
    if (!access.address.trim() || !access.token.trim()) return;
    try {
      const r = await check.mutateAsync(access);
      setFound(r);
      setBridgeName(r.bridge.name);
      setChosen(Object.fromEntries(r.locks.map((l) => [l.id, { on: true, name: l.name }])));
    } catch (e) {
      setProblem(apiMessage(e));
    }
  }

  async function addIt() {
    if (!found) return;
    setProblem(null);
    const locks = found.locks
      .filter((l) => chosen[l.id]?.on)
      .map((l) => ({ id: l.id, name: chosen[l.id].name.trim() }));
    if (locks.some((l) => !l.name)) return setProblem('Give each lock you add a name.');
    try {
      const r = await add.mutateAsync({ ...access, name: bridgeName.trim() || undefined, locks });
      toast.success(`${r.name} added with ${r.locks.length === 1 ? 'one lock' : `${r.locks.length} locks`}`);
      close();
    } catch (e) {
      setProblem(apiMessage(e));
    }
  }

  const count = found ? found.locks.filter((l) => chosen[l.id]?.on).length : 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Add a bridge"
      description="In the Tedee app, open the bridge's settings > Local API: turn the API on, then copy its IP address, port and token here."
      dismissable={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {found ? (
            <Button onClick={() => void addIt()} loading={add.isPending} disabled={found.bridge.alreadyAdded}>
              {count === 0
                ? 'Add the bridge without locks'
                : `Add the bridge and ${count === 1 ? 'one lock' : `${count} locks`}`}
            </Button>
          ) : (
            <Button type="submit" form="add-bridge" loading={check.isPending}>
              Check the bridge
            </Button>
          )}
        </>
      }
    >
      <form
        id="add-bridge"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <FormField
          label="Address"
          required
          hint="The IP address and port the app shows, e.g. 192.168.1.25 or 192.168.1.25:80."
          error={tried && !access.address.trim() ? 'Enter the bridge’s address.' : null}
        >
          <Input
            name="address"
            value={access.address}
            autoComplete="off"
            disabled={!!found}
            onChange={(e) => setAccess({ ...access, address: e.target.value })}
          />
        </FormField>
        <FormField
          label="API token"
          required
          hint="Stored encrypted; never shown again."
          error={tried && !access.token.trim() ? 'Enter the token the app shows.' : null}
        >
          <Input
            name="token"
            type="password"
            autoComplete="off"
            value={access.token}
            disabled={!!found}
            onChange={(e) => setAccess({ ...access, token: e.target.value })}
          />
        </FormField>
        <FormField label="Token type" hint="As set in the app (Encrypted token on or off).">
          <Select
            name="tokenMode"
            value={access.tokenMode}
            disabled={!!found}
            onChange={(e) => setAccess({ ...access, tokenMode: e.target.value === 'plain' ? 'plain' : 'encrypted' })}
          >
            <option value="encrypted">Encrypted (the app&apos;s default)</option>
            <option value="plain">Plain</option>
          </Select>
        </FormField>
        {check.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Asking the bridge…
          </p>
        ) : null}
      </form>
      {found ? (
        <div className="mt-5 space-y-4 border-t border-slate-200 pt-4">
          <p role="status" className="text-sm text-slate-700">
            Found <strong>{found.bridge.name}</strong> ({found.bridge.serialNumber}, firmware {found.bridge.version}),{' '}
            {found.bridge.isConnected ? 'connected' : 'not connected to Tedee'}, with{' '}
            {found.locks.length === 1 ? 'one lock' : `${found.locks.length} locks`}.
          </p>
          {found.bridge.alreadyAdded ? <Warning>This bridge is already added.</Warning> : null}
          {!found.bridge.capabilities.length ? (
            <Warning>
              This bridge speaks only the Tedee Bridge API: its locks open, lock and report here, but their PIN codes
              and settings stay in the Tedee app.
            </Warning>
          ) : null}
          <TextField label="Name of the bridge" name="bridgeName" value={bridgeName} onValue={setBridgeName} />
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-medium text-slate-800">Locks to add</legend>
            {found.locks.map((l) => (
              <div key={l.id} className="flex flex-wrap items-end gap-3">
                <Checkbox
                  label={`${l.serialNumber}${l.isConnected ? '' : ' (not connected)'}`}
                  checked={chosen[l.id]?.on ?? false}
                  onChange={(e) => setChosen({ ...chosen, [l.id]: { ...chosen[l.id], on: e.target.checked } })}
                />
                <FormField label={`Name of lock ${l.id}`} className="min-w-[14rem] flex-1">
                  <Input
                    value={chosen[l.id]?.name ?? ''}
                    disabled={!chosen[l.id]?.on}
                    onChange={(e) => setChosen({ ...chosen, [l.id]: { ...chosen[l.id], name: e.target.value } })}
                  />
                </FormField>
              </div>
            ))}
          </fieldset>
          {add.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Adding the bridge and registering its callback…
            </p>
          ) : null}
        </div>
      ) : null}
      {problem ? <FormError className="mt-4">{problem}</FormError> : null}
    </Dialog>
  );
}

'use client';

import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  QueryView,
  Table,
  TBody,
  Th,
  THead,
  Tr,
  useToast,
  ConfirmItemDialog,
  TextField,
} from '@/components/ui';
import { useAccessList, useRevokeAccess, type AccessRecord } from '@/lib/client/access';
import type { PortalDevice } from '@/lib/domain/access/portal';
import { decideAccessTarget } from '@/lib/shared/policy';
import { AccessCard, AccessRow } from './access-row';
import { EditAccessDialog } from './edit-dialog';
import { ShareDialog } from './share-dialog';

/** The Access tab: who may use the device, how and when; owners and administrators manage it. */
export function AccessView({ device, myUserId }: { device: PortalDevice; myUserId: string }) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // ask the server once typing pauses, not on every key
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const list = useAccessList(device.id, search || undefined);
  const revoke = useRevokeAccess(device.id);
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState<AccessRecord | null>(null);
  const [revoking, setRevoking] = useState<AccessRecord | null>(null);
  const zone = device.timeZone;
  // the policy's answer for changing this record: never the owner's or one's own (the server also refuses a group the viewer is in)
  const manageable = (a: AccessRecord) =>
    device.canManage &&
    decideAccessTarget({
      verb: 'update',
      target: { principal: a.principalId === myUserId ? 'self' : 'other', isOwner: a.accessLevel === 2 },
    }).ok;
  // one access as the phone's card and the table's row both show it
  const shown = (a: AccessRecord) => ({
    a,
    organizationId: device.organizationId,
    zone,
    actions: manageable(a),
    onEdit: () => setEditing(a),
    onRevoke: () => setRevoking(a),
  });

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          label="Search people and groups"
          fieldClassName="sm:w-80"
          type="search"
          value={text}
          placeholder="Name or e-mail"
          onValue={setText}
        />
        {device.canManage ? <Button onClick={() => setSharing(true)}>Share</Button> : null}
      </div>
      {!device.canManage ? (
        <p className="mb-4 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
          You see the owner and your own access. Owners and administrators with an active access see everyone.
        </p>
      ) : null}
      <Card flush>
        <QueryView
          query={list}
          loading={{ rows: 4 }}
          empty={
            <EmptyState
              title={text ? 'Nobody matches' : 'Nobody else has access yet'}
              text={device.canManage ? 'Share the device with a person by e-mail or with a group.' : undefined}
            />
          }
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100 sm:hidden" aria-label="People and groups with access">
                {data.map((a) => (
                  <AccessCard key={a.id} {...shown(a)} />
                ))}
              </ul>
              <Table caption="People and groups with access" className="hidden sm:table">
                <THead>
                  <Tr>
                    <Th>Who</Th>
                    <Th>Role</Th>
                    <Th>When ({zone})</Th>
                    <Th>Status</Th>
                    <Th className="relative">
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.map((a) => (
                    <AccessRow key={a.id} {...shown(a)} />
                  ))}
                </TBody>
              </Table>
            </>
          )}
        </QueryView>
      </Card>
      <ShareDialog
        open={sharing}
        onClose={() => setSharing(false)}
        deviceId={device.id}
        organizationId={device.organizationId}
        zone={zone}
        myLevel={device.accessLevel}
      />
      {editing ? <EditAccessDialog access={editing} zone={zone} onClose={() => setEditing(null)} /> : null}
      <ConfirmItemDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title={(a) => `Revoke access of ${a.principalName}?`}
        message={(a) =>
          a.principalType === 1
            ? 'Members of this group lose what they had through it. Their own direct accesses stay.'
            : 'They can no longer open this device, and their phone certificates for it are revoked.'
        }
        confirmLabel="Revoke"
        onConfirm={async (a) => {
          await revoke.mutateAsync(a.id);
          toast.success(`Access of ${a.principalName} revoked.`);
        }}
      />
    </div>
  );
}

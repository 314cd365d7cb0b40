'use client';

import { useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  Input,
  PageHeader,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  usePageParams,
  useToast,
  RowAction,
  ConfirmItemDialog,
} from '@/components/ui';
import { useAccessLinks, useCreateLink, useDeleteLink, useUpdateLink, type AccessLink } from '@/lib/client/links';
import type { MyOrganization } from '@/lib/client/organization';
import { mayInOrg, OrgGate } from '@/components/organization/org-gate';
import { decideOrg } from '@/lib/shared/policy';
import { useSearchText } from '@/components/organization/search-box';
import { SearchedList } from '@/components/organization/searched-list';
import { CopyButton } from './copy-button';
import { QrDialog } from './qr-dialog';
import { HistoryDialog } from './history-dialog';
import { SendDialog } from './send-dialog';
import { LinkDialog } from './link-dialog';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { linkStatus, weeklyText } from './zone-time';

const STATUS = {
  active: { tone: 'ok', text: 'Active' },
  scheduled: { tone: 'info', text: 'Scheduled' },
  expired: { tone: 'neutral', text: 'Expired' },
  permanent: { tone: 'warning', text: 'No end date' },
} as const;

export function LinksPage() {
  return (
    <OrgGate>
      {(org) =>
        mayInOrg(org, 'manageLinks') ? (
          <Links org={org} />
        ) : (
          <EmptyState
            title="Access links are for administrators"
            text="Ask an organization administrator to create a link for your guest."
          />
        )
      }
    </OrgGate>
  );
}

function Links({ org }: { org: MyOrganization }) {
  const { page, itemsPerPage } = usePageParams(25);
  const text = useSearchText();
  const list = useAccessLinks(org.id, { page, itemsPerPage, name: text || undefined });
  const create = useCreateLink(org.id);
  const update = useUpdateLink(org.id);
  const remove = useDeleteLink(org.id);
  const toast = useToast();
  const [editing, setEditing] = useState<AccessLink | 'new' | null>(null);
  const [created, setCreated] = useState<{ id: string; name: string; url: string } | null>(null);
  const [sendingNew, setSendingNew] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<AccessLink | null>(null);
  const zone = org.timeZone;

  return (
    <>
      <PageHeader
        title="Access links"
        description={`Links let guests open chosen doors from their phone, without an account. Times are in ${zone}.`}
        actions={<Button onClick={() => setEditing('new')}>New access link</Button>}
      />
      <SearchedList
        noun={{ one: 'link', many: 'access links' }}
        query={list}
        loadingRows={4}
        page={page}
        itemsPerPage={itemsPerPage}
        rows={(data) => data.items.length}
        isEmpty={(data) => data.items.length === 0}
        empty={{
          text: 'Create a link for a visitor, a cleaner or a delivery: choose the doors and when it works.',
          action: <Button onClick={() => setEditing('new')}>New access link</Button>,
        }}
      >
        {(data) => (
          <Table caption="Access links">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th className="hidden md:table-cell">Doors</Th>
                <Th className="hidden md:table-cell">When</Th>
                <Th className="hidden sm:table-cell">Status</Th>
                <Th className="hidden text-right sm:table-cell">Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {data.items.map((l) => {
                const s = STATUS[linkStatus(l.repeatEvent)];
                return (
                  <Tr key={l.id}>
                    <Td>
                      <div className="font-medium text-slate-900">{l.name}</div>
                      {l.description ? (
                        <div className="max-w-xs truncate text-xs text-slate-600">{l.description}</div>
                      ) : null}
                      {/* phones: doors and window under the name instead of columns that would scroll */}
                      <div className="mt-1 sm:hidden">
                        <Badge tone={s.tone}>{s.text}</Badge>
                      </div>
                      <div className="mt-1 text-xs text-slate-600 md:hidden">
                        {l.devices.map((d) => d.name).join(', ')}
                        <br />
                        {l.repeatEvent
                          ? `${showInZone(l.repeatEvent.startDate, zone)} to ${showInZone(l.repeatEvent.endDate, zone)}`
                          : 'Always'}
                        {weeklyText(l.repeatEvent, zone) ? <>, {weeklyText(l.repeatEvent, zone)}</> : null}
                      </div>
                      <div className="mt-2 sm:hidden">
                        <RowActions link={l} orgId={org.id} onEdit={setEditing} onDelete={setDeleting} />
                      </div>
                    </Td>
                    <Td className="hidden md:table-cell">{l.devices.map((d) => d.name).join(', ')}</Td>
                    <Td className="hidden whitespace-nowrap text-sm md:table-cell">
                      {l.repeatEvent ? (
                        <>
                          {showInZone(l.repeatEvent.startDate, zone)}
                          <br />
                          to {showInZone(l.repeatEvent.endDate, zone)}
                          {weeklyText(l.repeatEvent, zone) ? (
                            <>
                              <br />
                              <span className="text-slate-600">{weeklyText(l.repeatEvent, zone)}</span>
                            </>
                          ) : null}
                        </>
                      ) : (
                        'Always'
                      )}
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <Badge tone={s.tone}>{s.text}</Badge>
                    </Td>
                    <Td className="hidden text-right sm:table-cell">
                      <RowActions link={l} orgId={org.id} onEdit={setEditing} onDelete={setDeleting} />
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </SearchedList>
      {/* mounted while open, keyed by what it edits: its form state starts from that link */}
      {editing !== null ? (
        <LinkDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          orgId={org.id}
          zone={zone}
          link={editing === 'new' ? null : editing}
          mayBePermanent={decideOrg('permanentLink', org.role).ok}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') {
              const out = await create.mutateAsync(body);
              setCreated({ ...out, name: body.name ?? '' });
              toast.success('Access link created');
            } else if (editing) {
              await update.mutateAsync({ id: editing.id, body });
              toast.success('Access link saved');
            }
            setEditing(null);
          }}
        />
      ) : null}
      <Dialog
        open={!!created}
        onClose={() => setCreated(null)}
        title="Link created"
        description="Send this URL to your guest, or let us mail it. Anyone with it can open the chosen doors while the link is valid."
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setSendingNew(created);
                setCreated(null);
              }}
            >
              Send by e-mail
            </Button>
            <Button onClick={() => setCreated(null)}>Done</Button>
          </>
        }
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input readOnly value={created?.url ?? ''} aria-label="Link URL" onFocus={(e) => e.target.select()} />
          {created ? <CopyButton url={created.url} size="md" /> : null}
        </div>
      </Dialog>
      {sendingNew ? <SendDialog orgId={org.id} link={sendingNew} onClose={() => setSendingNew(null)} /> : null}
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(l) => `Delete "${l.name}"?`}
        message="The link stops working at once. Its past openings stay in the activity log."
        confirmLabel="Delete link"
        onConfirm={async (l) => {
          await remove.mutateAsync(l.id);
          toast.success('Access link deleted');
        }}
      />
    </>
  );
}

/** Copy, edit, delete: in their own column on wide screens, under the link's details on phones. */
function RowActions({
  link,
  orgId,
  onEdit,
  onDelete,
}: {
  link: AccessLink;
  orgId: number;
  onEdit: (l: AccessLink) => void;
  onDelete: (l: AccessLink) => void;
}) {
  const [qr, setQr] = useState(false);
  const [history, setHistory] = useState(false);
  const [sending, setSending] = useState(false);
  return (
    // at least two buttons a line on wide screens (three lines at most), never wider than the table allows
    <div className="flex max-w-[16rem] flex-wrap gap-2 sm:ml-auto sm:min-w-[11.5rem] sm:justify-end">
      {link.accessLinkUrl ? (
        <>
          <CopyButton url={link.accessLinkUrl} />
          {/* an ended link opens nothing: it is not offered for sending (the server refuses it too) */}
          {linkStatus(link.repeatEvent) !== 'expired' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setSending(true)}
              aria-label={`Send ${link.name} by e-mail`}
            >
              Send
            </Button>
          ) : null}
          {sending ? <SendDialog orgId={orgId} link={link} onClose={() => setSending(false)} /> : null}
          <Button size="sm" variant="secondary" onClick={() => setQr(true)} aria-label={`QR code of ${link.name}`}>
            QR code
          </Button>
          <QrDialog url={qr ? link.accessLinkUrl : null} name={link.name} onClose={() => setQr(false)} />
        </>
      ) : (
        <span
          className="text-xs text-slate-600"
          title="Only someone who could make this link now (who may open each of its doors from afar, at its hours; the owner, for a link without an end) sees its URL. Or the server's secret changed since it was made: then delete it and create a new one."
        >
          URL not shown
        </span>
      )}
      <RowAction action="History" of={link.name} label={`History of ${link.name}`} onClick={() => setHistory(true)} />
      {history ? <HistoryDialog orgId={orgId} link={link} onClose={() => setHistory(false)} /> : null}
      <RowAction action="Edit" of={link.name} onClick={() => onEdit(link)} />
      <RowAction action="Delete" of={link.name} danger onClick={() => onDelete(link)} />
    </div>
  );
}

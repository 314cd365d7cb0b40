'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { scheduleText } from '@/components/access/access-row';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  QueryView,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  useToast,
} from '@/components/ui';
import { ApiError } from '@/lib/client/api';
import { useAuditLog } from '@/lib/client/audit';
import { showInZone } from '@/lib/shared/access/schedule-text';
import { AuditRow } from '../audit-page';
import type { MyOrganization } from '@/lib/client/organization';
import {
  personPageKey,
  useEndAllAccess,
  usePerson,
  type EndAllResult,
  type PersonKey,
  type PersonPage as Page,
} from '@/lib/client/people';
import { mayInOrg, OrgGate } from '../org-gate';
import { AddToGroup } from './add-to-group';
import { GiveAccessDialog } from './give-access-dialog';
import { RoleBadge } from './role-badge';
import { how, PersonDoorsTable } from './person-doors-table';
import { SiteLimit } from './site-limit';

/** How many of the accesses "End all access" ends its confirmation names (the rest are counted). */
const ENDING_LISTED = 20;

export function PersonPage({ personKey }: { personKey: PersonKey }) {
  // one Person per person: going from one's page to another's starts again (their first doors, not
  // the last person's kept on screen while the next loads)
  return <OrgGate>{(org) => <Person key={JSON.stringify(personKey)} org={org} personKey={personKey} />}</OrgGate>;
}

/**
 * One person: who they are, their groups, every door they can open (among those the viewer
 * manages) and how, with their hours in each door's time zone; give several doors at once, end
 * all of their access, add them to a group.
 */
function Person({ org, personKey }: { org: MyOrganization; personKey: PersonKey }) {
  const [allDoors, setAllDoors] = useState(false);
  const q = usePerson(org.id, personKey, allDoors);
  return (
    <QueryView
      query={q}
      loading={{ rows: 5, label: 'Loading the person' }}
      // after ending everything, a guest outside the organization is nobody to it any more: keep what was read
      keepData
      renderError={(error, errorState) => (
        <>
          <BackLink />
          {error instanceof ApiError && error.status === 404 ? (
            <EmptyState
              title="Not one of this organization's people"
              text="They are not a member and cannot open any door you manage (or their access has ended)."
            />
          ) : (
            errorState
          )}
        </>
      )}
    >
      {(page) => (
        <PersonView
          org={org}
          personKey={personKey}
          page={page}
          refetch={() => q.refetch()}
          allDoors={allDoors}
          onShowAllDoors={() => setAllDoors(true)}
          loadingAllDoors={allDoors && q.isPlaceholderData}
        />
      )}
    </QueryView>
  );
}

function PersonView({
  org,
  personKey,
  page,
  refetch,
  allDoors,
  onShowAllDoors,
  loadingAllDoors,
}: {
  org: MyOrganization;
  personKey: PersonKey;
  page: Page;
  refetch: () => Promise<unknown>;
  allDoors: boolean;
  onShowAllDoors: () => void;
  loadingAllDoors: boolean;
}) {
  const endAll = useEndAllAccess(org.id, personKey);
  const toast = useToast();
  const qc = useQueryClient();
  const [giving, setGiving] = useState(false);
  const [ending, setEnding] = useState(false);
  const [ended, setEnded] = useState<EndAllResult | null>(null);

  const { person, doors, doorCounts } = page;
  // of the doors read (the first ones until all are asked for); doorCounts counts them all
  const endable = doors.filter((d) => d.endable);
  const viaGroups = doors.filter((d) => d.via === 'group');
  const canGive = page.manageableDoorCount > 0;

  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={<span className="block whitespace-normal break-all">{person.displayName}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {person.displayName !== person.email ? <span className="break-all">{person.email}</span> : null}
            <RoleBadge person={person} />
          </span>
        }
        actions={
          canGive ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setGiving(true)}>Give access to doors</Button>
              {doorCounts.endable ? (
                <Button variant="danger" onClick={() => setEnding(true)}>
                  End all access
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
      {ended ? <EndedReport result={ended} onDismiss={() => setEnded(null)} /> : null}
      <div className="min-w-0 space-y-6">
        <Card
          title="Doors"
          description={
            canGive
              ? `Every door of the organization you manage that they can open, with their hours at the door (its own time zone).${
                  doorCounts.viaGroups && !doorCounts.endable
                    ? ' They open them only through groups: remove them from a group to end that access.'
                    : ''
                }`
              : 'Only administrators of a door see who can open it.'
          }
          flush
        >
          {doors.length === 0 && !page.links.some((l) => l.doors.length) ? (
            <EmptyState
              title={canGive ? 'No doors' : 'Not shown to you'}
              text={canGive ? 'They cannot open any door you manage. Give access to doors to change that.' : undefined}
            />
          ) : (
            <PersonDoorsTable
              name={person.displayName}
              doors={doors}
              total={doorCounts.rows}
              links={page.links}
              onShowAll={onShowAllDoors}
              loadingAll={loadingAllDoors}
            />
          )}
        </Card>
        <Facts org={org} page={page} />
        {person.organizationUserId !== null ? (
          <SiteLimit org={org} organizationUserId={person.organizationUserId} name={person.displayName} />
        ) : null}
        <Card title="Groups">
          {person.role === null ? (
            <p className="text-sm text-slate-700">
              {person.pending
                ? 'Groups are for members of the organization; this address has no account yet.'
                : 'Groups are for members of the organization; this person is a guest outside it.'}
            </p>
          ) : (
            <>
              {person.groups.length ? (
                <ul className="mb-3 flex flex-wrap gap-2">
                  {person.groups.map((g) => (
                    <li key={g.id}>
                      <Link
                        href={`/organization/groups/${g.id}`}
                        className="rounded-full bg-slate-100 px-3 py-1 text-sm text-indigo-700 hover:underline"
                      >
                        {g.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mb-3 text-sm text-slate-700">Not in any group.</p>
              )}
              {mayInOrg(org, 'manageGroups') && person.organizationUserId !== null ? (
                <AddToGroup
                  orgId={org.id}
                  organizationUserId={person.organizationUserId}
                  name={person.displayName}
                  current={person.groups.map((g) => g.id)}
                  onDone={() => refetch()}
                />
              ) : null}
            </>
          )}
        </Card>
      </div>
      {giving ? (
        <GiveAccessDialog
          orgId={org.id}
          orgTimeZone={org.timeZone}
          personKey={personKey}
          person={person}
          onClose={() => {
            setGiving(false);
            refetch();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={ending}
        onClose={() => setEnding(false)}
        title={`End all access of ${person.displayName}?`}
        confirmLabel="End all access"
        message={
          <div className="space-y-2 text-sm">
            <p>
              {doorCounts.endable === 1
                ? 'This access ends now, with its invitation and offline keys:'
                : `These ${doorCounts.endable.toLocaleString('en')} accesses end now, with their invitations and offline keys:`}
            </p>
            <ul className="list-disc pl-5 empty:hidden">
              {endable.slice(0, ENDING_LISTED).map((d) => (
                <li key={d.accessId}>
                  {d.deviceName} ({how(d).toLowerCase()})
                </li>
              ))}
            </ul>
            {endable.length && doorCounts.endable > Math.min(endable.length, ENDING_LISTED) ? (
              <p className="text-slate-700">
                and {(doorCounts.endable - Math.min(endable.length, ENDING_LISTED)).toLocaleString('en')} more.
              </p>
            ) : null}
            {doorCounts.viaGroups ? (
              <p className="text-slate-700">
                Access through groups stays (
                {doorCounts.viaGroups > viaGroups.length || viaGroups.length > ENDING_LISTED
                  ? `${doorCounts.viaGroups.toLocaleString('en')} doors through ${person.groups.map((g) => g.name).join(', ')}`
                  : viaGroups.map((d) => `${d.deviceName} via ${d.groupName}`).join(', ')}
                ): remove them from the group to end it.
              </p>
            ) : null}
          </div>
        }
        onConfirm={async () => {
          const r = await endAll.mutateAsync();
          setEnded(r);
          toast.success(`${r.ended.length} ${r.ended.length === 1 ? 'access' : 'accesses'} ended`);
          const gone = new Set(r.ended.map((e) => e.accessId));
          qc.setQueryData<Page>(personPageKey(org.id, personKey, allDoors), (old) =>
            old ? { ...old, doors: old.doors.filter((d) => !gone.has(d.accessId)) } : old,
          );
          // a member stays someone of the organization: read their page again (an outsider is 404 now)
          if (person.role !== null) await refetch();
        }}
      />
    </>
  );
}

const PIN_STATE: Record<Page['pins'][number]['state'], { label: string; tone: 'ok' | 'info' | 'neutral' }> = {
  active: { label: 'Active', tone: 'ok' },
  notStarted: { label: 'Starts later', tone: 'info' },
  ended: { label: 'Ended', tone: 'neutral' },
};
const PHONE_STATE: Record<Page['phones'][number]['state'], { label: string; tone: 'ok' | 'neutral' | 'warning' }> = {
  valid: { label: 'Valid', tone: 'ok' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'warning' },
};
const OS: Record<number, string> = { 0: 'iOS', 1: 'Android' };

/**
 * What else the person holds and did, as far as the viewer may see it (the server leaves out what
 * the policy does not show: `shown`): PINs they made, their phones' offline keys, their access keys
 * (their own page only), their latest activity and the audit of what was done to and by them.
 */
function Facts({ org, page }: { org: MyOrganization; page: Page }) {
  const { pins, phones, keys, activity, shown, person } = page;
  // one's own page speaks to oneself
  const self = person.organizationUserId !== null && person.organizationUserId === org.organizationUserId;
  return (
    <>
      {shown.pins ? (
        <Card
          title={self ? 'PINs you made' : 'PINs they made'}
          description="A PIN does not record who types it: these are the PINs this person created on doors where you manage PINs, and answers for. The code itself is never shown here."
          flush
        >
          {pins.length === 0 ? (
            <EmptyState
              compact
              title="No PINs"
              text={`${self ? 'You have' : 'They have'} not made any PIN on the doors you manage.`}
            />
          ) : (
            <Table caption={`PINs ${person.displayName} made`}>
              <THead>
                <Tr>
                  <Th>PIN</Th>
                  <Th>Hours</Th>
                  <Th className="hidden sm:table-cell">State</Th>
                </Tr>
              </THead>
              <TBody>
                {pins.map((p) => (
                  <Tr key={p.pinId}>
                    <Td>
                      <div className="font-medium text-slate-900">{p.alias}</div>
                      <Link href={`/devices/${p.deviceId}`} className="text-sm text-indigo-700 hover:underline">
                        {p.deviceName}
                      </Link>
                      <div className="mt-1 sm:hidden">
                        <Badge tone={PIN_STATE[p.state].tone}>{PIN_STATE[p.state].label}</Badge>
                      </div>
                    </Td>
                    <Td className="text-slate-700">
                      {scheduleText({ ...p, accessLevel: 0 }, p.timeZone).map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <Badge tone={PIN_STATE[p.state].tone}>{PIN_STATE[p.state].label}</Badge>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      ) : null}
      {shown.phones ? (
        <Card
          title="Phones"
          description={`Offline keys ${self ? 'your' : 'their'} phones hold for doors (they open over Bluetooth without the internet until they expire). Times in each door's zone.`}
          flush
        >
          {phones.length === 0 ? (
            <EmptyState
              compact
              title="No phones"
              text={`None of ${self ? 'your' : 'their'} phones holds an offline key for these doors.`}
            />
          ) : (
            <Table caption={`Phones of ${person.displayName}`}>
              <THead>
                <Tr>
                  <Th>Phone</Th>
                  <Th>Valid until</Th>
                  <Th className="hidden sm:table-cell">State</Th>
                </Tr>
              </THead>
              <TBody>
                {phones.map((p) => (
                  <Tr key={`${p.mobileId}-${p.deviceId}`}>
                    <Td>
                      <div className="font-medium text-slate-900">
                        {p.mobileName}
                        {OS[p.operatingSystem] ? (
                          <span className="font-normal text-slate-600"> ({OS[p.operatingSystem]})</span>
                        ) : null}
                      </div>
                      <Link href={`/devices/${p.deviceId}`} className="text-sm text-indigo-700 hover:underline">
                        {p.deviceName}
                      </Link>
                    </Td>
                    <Td className="text-slate-700">
                      {showInZone(p.expirationDate, p.timeZone)}
                      <div className="text-xs text-slate-500">{p.timeZone}</div>
                      <div className="mt-1 sm:hidden">
                        <Badge tone={PHONE_STATE[p.state].tone}>{PHONE_STATE[p.state].label}</Badge>
                      </div>
                    </Td>
                    <Td className="hidden sm:table-cell">
                      <Badge tone={PHONE_STATE[p.state].tone}>{PHONE_STATE[p.state].label}</Badge>
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      ) : null}
      {keys ? (
        <Card
          title="Your access keys"
          description="Only you see your personal access keys (never their secrets here). Manage them in Settings > Access keys."
          flush
        >
          {keys.length === 0 ? (
            <EmptyState compact title="No access keys" />
          ) : (
            <Table caption="Your access keys">
              <THead>
                <Tr>
                  <Th>Key</Th>
                  <Th>Expires</Th>
                </Tr>
              </THead>
              <TBody>
                {keys.map((k) => (
                  <Tr key={`${k.name}-${k.validTo}`}>
                    <Td>
                      <div className="font-medium text-slate-900">{k.name}</div>
                      <div className="break-words text-xs text-slate-600">{k.scopes.join(', ')}</div>
                    </Td>
                    <Td className="text-slate-700">
                      {showInZone(k.validTo, org.timeZone)}
                      {k.state === 'expired' ? (
                        <div>
                          <Badge tone="neutral">Expired</Badge>
                        </div>
                      ) : null}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
      ) : null}
      {shown.activity ? (
        <Card
          title="Last activity"
          description={`What ${self ? 'you' : 'they'} did at the doors most recently, in each door's time zone.`}
          flush
        >
          {activity.length === 0 ? (
            <EmptyState
              compact
              title="No activity"
              text={`${self ? 'You have' : 'They have'} not opened or locked any of these doors yet.`}
            />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={`Last activity of ${person.displayName}`}>
              {activity.map((a) => (
                <li key={a.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <span className="text-slate-900">{a.eventName}</span>{' '}
                    <Link href={`/devices/${a.deviceId}`} className="text-indigo-700 hover:underline">
                      {a.deviceName}
                    </Link>
                  </div>
                  <time dateTime={a.date} className="shrink-0 text-sm text-slate-900 sm:text-right">
                    {showInZone(a.date, a.timeZone)}
                    <span className="block text-xs text-slate-500">{a.timeZone}</span>
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {shown.audit ? <PersonAudit org={org} email={person.email} name={person.displayName} /> : null}
    </>
  );
}

const AUDIT_SHOWN = 10;

/** The audit log filtered by the person (what they did, and what was done to them): the latest entries, and the way to the rest. */
function PersonAudit({ org, email, name }: { org: MyOrganization; email: string; name: string }) {
  const log = useAuditLog(org.id, { person: email });
  const items = (log.data?.pages.flat() ?? []).slice(0, AUDIT_SHOWN);
  return (
    <Card
      title="Audit"
      description={`Changes made by ${name} and to their access, newest first.`}
      actions={
        <Link
          href={`/organization/audit?person=${encodeURIComponent(email)}`}
          className="text-sm text-indigo-700 hover:underline"
        >
          All in the audit log
        </Link>
      }
      flush
    >
      <QueryView query={log} loading={{ rows: 3, label: 'Loading the audit' }}>
        {() =>
          items.length === 0 ? (
            <EmptyState compact title="Nothing recorded" text="No change by them or to their access yet." />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={`Audit of ${name}`}>
              {items.map((it) => (
                <AuditRow key={it.id} item={it} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </Card>
  );
}

function BackLink() {
  return (
    <Link href="/organization/people" className="hover:underline">
      ← People
    </Link>
  );
}

function EndedReport({ result, onDismiss }: { result: EndAllResult; onDismiss: () => void }) {
  return (
    <div role="status" className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <p className="font-medium text-slate-900">
            {result.ended.length
              ? `Ended: ${result.ended.map((e) => e.deviceName).join(', ')}.`
              : 'Nothing was left to end.'}
          </p>
          {result.kept.map((k) => (
            <p key={k.accessId} className="text-slate-700">
              Still open: {k.deviceName}. {k.reason}
            </p>
          ))}
        </div>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

'use client';

import {
  Card,
  Checkbox,
  PageHeader,
  QueryView,
  Select,
  SkeletonRows,
  Table,
  TBody,
  Td,
  Th,
  THead,
  Tr,
  useToast,
} from '@/components/ui';
import { apiMessage } from '@/lib/client/api';
import {
  NOTIFICATION_KINDS,
  useChangeNotifications,
  useNotificationPreferences,
  type NotificationChange,
  type NotificationKind,
  type NotificationPreferences,
} from '@/lib/client/notifications';

/** short column headings of the per-device table */
const SHORT: Record<NotificationKind, string> = {
  jammed: 'Jammed',
  batteryLow: 'Battery low',
  bridgeOffline: 'Bridge offline',
  doorOpenTooLong: 'Door open too long',
  keypadLockedOut: 'Keypad lockout',
};

const HINT: Record<NotificationKind, string> = {
  jammed: 'The bolt could not finish turning.',
  batteryLow: 'With the battery level, once it drops below 20%.',
  bridgeOffline:
    'When a bridge stays offline for 15 minutes (on a lock: its bridge, so it cannot be opened from afar).',
  doorOpenTooLong: 'The door sensor saw the door left open.',
  keypadLockedOut: 'After five wrong PINs in a row.',
};

/** Settings > Notifications: which mails a person gets about the devices they own or administer. */
export function NotificationsPage() {
  const prefs = useNotificationPreferences();
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Mails about what you must not miss on the devices you own or administer: a jammed lock, a low battery, a bridge offline."
      />
      <QueryView
        query={prefs}
        loading={
          <Card>
            <SkeletonRows rows={5} />
          </Card>
        }
        errorMessage={() => 'Your notification settings could not be loaded.'}
      >
        {(p) => <Preferences p={p} />}
      </QueryView>
    </>
  );
}

/** The settings as read, each change saved as it is made. */
function Preferences({ p }: { p: NotificationPreferences }) {
  const change = useChangeNotifications();
  const toast = useToast();

  const save = (c: NotificationChange, what: string) =>
    change.save(c, {
      onSuccess: () => toast.success('Saved', what),
      onError: (e) => toast.error('Not saved', apiMessage(e)),
    });

  /** One device's choice for one kind: default (the choice above), on or off. */
  const choice = (d: (typeof p.devices)[number], k: NotificationKind, className = 'w-auto min-w-[10rem]') => {
    const v = d.overrides[k];
    return (
      <Select
        aria-label={`${d.name}: ${p.labels[k]}`}
        className={className}
        value={v === undefined ? 'default' : v ? 'on' : 'off'}
        onChange={(e) => {
          const enabled = e.target.value === 'default' ? null : e.target.value === 'on';
          save(
            { devices: [{ deviceId: d.deviceId, kind: k, enabled }] },
            `${d.name}, ${p.labels[k].toLowerCase()}: ${enabled === null ? 'default' : enabled ? 'on' : 'off'}.`,
          );
        }}
      >
        <option value="default">Default ({p.kinds[k] ? 'on' : 'off'})</option>
        <option value="on">On</option>
        <option value="off">Off</option>
      </Select>
    );
  };

  return (
    <div className="space-y-6">
      <Card
        title="What to mail me"
        description="For every device you own or administer. Each mail has a link that turns its kind off with one click."
      >
        <fieldset className="space-y-3">
          <legend className="sr-only">Kinds of notification mail</legend>
          {NOTIFICATION_KINDS.map((k) => (
            <Checkbox
              key={k}
              id={`kind-${k}`}
              label={p.labels[k]}
              hint={HINT[k]}
              checked={p.kinds[k]}
              onChange={(e) =>
                save({ kinds: { [k]: e.target.checked } }, `${p.labels[k]}: ${e.target.checked ? 'on' : 'off'}.`)
              }
            />
          ))}
        </fieldset>
      </Card>

      <Card title="How often" description="One mail per event as it happens, or one mail a day with everything.">
        <Checkbox
          id="digest"
          label="Daily digest instead of a mail for each event"
          hint="Sent once a day at 07:00 UTC with everything since the last one."
          checked={p.digest}
          onChange={(e) =>
            save({ digest: e.target.checked }, e.target.checked ? 'One mail a day.' : 'A mail for each event.')
          }
        />
      </Card>

      <Card
        title="Per device"
        description='Choose differently for one device; "Default" follows your choice above.'
        flush
      >
        {p.devices.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 sm:p-5">
            You own or administer no devices: there is nothing to mail you about.
          </p>
        ) : (
          <>
            {/* a phone: one card per device, each setting on its own line (six columns do not fit) */}
            <ul aria-label="Per device settings" className="divide-y divide-slate-100 md:hidden">
              {p.devices.map((d) => (
                <li key={d.deviceId} className="space-y-2 p-4">
                  <div className="font-medium text-slate-900">{d.name}</div>
                  {NOTIFICATION_KINDS.filter((k) => d.kinds.includes(k)).map((k) => (
                    <div key={k} className="grid grid-cols-[minmax(0,1fr)_10rem] items-center gap-3 text-sm">
                      <span className="text-slate-700">{SHORT[k]}</span>
                      {choice(d, k, 'w-full')}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <Table>
                <THead>
                  <Tr>
                    <Th>Device</Th>
                    {NOTIFICATION_KINDS.map((k) => (
                      <Th key={k}>{SHORT[k]}</Th>
                    ))}
                  </Tr>
                </THead>
                <TBody>
                  {p.devices.map((d) => (
                    <Tr key={d.deviceId}>
                      <Td className="font-medium text-slate-900">{d.name}</Td>
                      {NOTIFICATION_KINDS.map((k) =>
                        d.kinds.includes(k) ? (
                          <Td key={k}>{choice(d, k)}</Td>
                        ) : (
                          <Td key={k} className="text-slate-500">
                            <span aria-hidden="true">-</span>
                            <span className="sr-only">does not apply</span>
                          </Td>
                        ),
                      )}
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}

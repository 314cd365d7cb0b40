'use client';

import { useState } from 'react';
import { Checkbox, FieldError, FormDialog, TextField } from '@/components/ui';
import { EVENT_LABELS, WEBHOOK_EVENTS } from '@/lib/shared/webhooks/events';
import type { Webhook, WebhookInput } from '@/lib/client/webhooks';
import { urlError } from './format';

const HINTS: Record<string, string> = {
  'device-battery-level-changed': 'batteryLevel, isCharging',
  'device-connection-changed': 'isConnected',
  'device-settings-changed': 'the changed deviceSettings',
  'lock-status-changed': 'final states only: locked, unlocked, pulled, jammed ...',
  'bell-button-pressed': 'someone rang at the door',
};

export interface WebhookDialogProps {
  open: boolean;
  title: string;
  /** absent: create */
  initial?: Webhook;
  /** Sends it; throws the server's refusal (shown in the dialog, which stays open). */
  onSubmit: (input: Required<Pick<WebhookInput, 'url' | 'events'>> & { enabled?: boolean }) => Promise<unknown>;
  onClose: () => void;
}

/** URL + events (+ enabled when editing), checked here before the server checks them again. */
export function WebhookDialog(props: WebhookDialogProps) {
  // mounted on open: the fields start from `initial` each time
  return props.open ? <WebhookForm {...props} /> : null;
}

function WebhookForm({ title, initial, onSubmit, onClose }: WebhookDialogProps) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<string[]>(initial?.events ?? [...WEBHOOK_EVENTS]);
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  // errors show from the first submit on (not on blur: a message appearing under the field
  // would move the checkboxes away from the pointer mid-click)
  const [touched, setTouched] = useState(false);
  const urlProblem = urlError(url);
  const eventsProblem = events.length ? null : 'Choose at least one event.';
  const toggle = (e: string, on: boolean) => setEvents((cur) => (on ? [...cur, e] : cur.filter((x) => x !== e)));

  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      size="lg"
      submitLabel={initial ? 'Save changes' : 'Create webhook'}
      onSubmit={async () => {
        setTouched(true);
        if (urlProblem || eventsProblem) return false;
        await onSubmit({
          url: url.trim(),
          events: WEBHOOK_EVENTS.filter((e) => events.includes(e)),
          ...(initial ? { enabled } : {}),
        });
      }}
    >
      <TextField
        label="Endpoint URL"
        required
        hint="We POST each event here as JSON. Use https:// in production."
        error={touched ? urlProblem : null}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/locks"
        value={url}
        onValue={setUrl}
      />
      <fieldset aria-describedby={touched && eventsProblem ? 'wh-events-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Events</legend>
        <div className="space-y-2">
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox
              key={e}
              id={`wh-ev-${e}`}
              label={EVENT_LABELS[e]}
              hint={`${e}: ${HINTS[e]}`}
              checked={events.includes(e)}
              onChange={(x) => toggle(e, x.target.checked)}
            />
          ))}
        </div>
        {touched && eventsProblem ? (
          <FieldError id="wh-events-error" role="alert" className="mt-2">
            {eventsProblem}
          </FieldError>
        ) : null}
      </fieldset>
      {initial ? (
        <Checkbox
          id="wh-enabled"
          label="Enabled"
          hint="While disabled, nothing is sent and no new events are queued for it."
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      ) : null}
    </FormDialog>
  );
}

'use client';

import { useId } from 'react';
import { Card, Checkbox, FormField, Input } from '@/components/ui';
import { LOCK_SETTING_LIMITS, type LockSettings, type NumericSetting } from '@/lib/shared/devices/codes';
import { SETTING_GROUPS, showValue, type SettingField } from '@/lib/shared/devices/setting-fields';

/** The form's values: switches as booleans, numbers as the text typed. */
export type SettingValues = Partial<Record<keyof LockSettings, boolean | string>>;

/** "From 1 to 3600 seconds", or null when the text is a whole number within the limits. */
export function secondsError(key: keyof LockSettings, text: string): string | null {
  const { min, max } = LOCK_SETTING_LIMITS[key as NumericSetting];
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? null : `A whole number of seconds from ${min} to ${max}`;
}

/** The settings a lock shows (a lock without a bridge has no door-event logging). */
const shown = (present: Partial<LockSettings>) =>
  SETTING_GROUPS.map((g) => ({ ...g, fields: g.fields.filter((f) => f.key in present) }));

/**
 * The lock's settings in groups, one line each with its unit and what it does; editable, or read
 * only (values as words) for someone the policy does not let change them.
 */
export function SettingsGroups({
  values,
  present,
  onChange,
  readOnly,
}: {
  values: SettingValues;
  present: Partial<LockSettings>;
  onChange: (key: keyof LockSettings, v: boolean | string) => void;
  readOnly: boolean;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {shown(present).map((g) => (
        <Card key={g.title} title={g.title} description={g.description}>
          <ul className="flex flex-col gap-4">
            {g.fields.map((f) => (
              <li key={f.key}>
                {readOnly ? (
                  <ReadOnly f={f} value={values[f.key]} />
                ) : (
                  <Editable f={f} values={values} onChange={onChange} />
                )}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

function ReadOnly({ f, value }: { f: SettingField; value: boolean | string | undefined }) {
  return (
    <div>
      <div className="flex justify-between gap-4 text-sm">
        <span className="text-slate-700">{f.label}</span>
        <span className="font-medium text-slate-900">{showValue(value, f.unit)}</span>
      </div>
      <p className="text-xs text-slate-500">{f.help}</p>
    </div>
  );
}

function Editable({
  f,
  values,
  onChange,
}: {
  f: SettingField;
  values: SettingValues;
  onChange: (key: keyof LockSettings, v: boolean | string) => void;
}) {
  const hintId = useId();
  const v = values[f.key];
  if (typeof v === 'boolean') {
    // the line of help describes the switch; its name stays the setting's own
    return (
      <div>
        <Checkbox
          label={f.label}
          aria-describedby={hintId}
          checked={v}
          onChange={(e) => onChange(f.key, e.target.checked)}
        />
        <p id={hintId} className="ml-6 text-xs text-slate-600">
          {f.help}
        </p>
      </div>
    );
  }
  const off = f.enabledBy !== undefined && values[f.enabledBy] === false;
  const text = String(v ?? '');
  return (
    <FormField
      label={`${f.label} (seconds)`}
      hint={
        off
          ? `${f.help} Used only while “${SETTING_GROUPS.flatMap((g) => g.fields).find((x) => x.key === f.enabledBy)?.label}” is on.`
          : f.help
      }
      error={secondsError(f.key, text) ?? undefined}
    >
      {(wiring) => (
        <div className="flex items-center gap-2">
          <div className="w-28">
            <Input {...wiring} inputMode="numeric" value={text} onChange={(e) => onChange(f.key, e.target.value)} />
          </div>
          <span className="text-sm text-slate-600" aria-hidden>
            s
          </span>
        </div>
      )}
    </FormField>
  );
}

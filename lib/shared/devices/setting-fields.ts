import type { LockSettings } from '@/lib/shared/devices/codes';

/** One line per lock setting, in groups, with its unit: what the Settings tab shows and edits. */
export interface SettingField {
  key: keyof LockSettings;
  label: string;
  /** one line: what it does at the door */
  help: string;
  /** numbers are seconds (api-v37.md leaves units open; Tedee's docs give seconds) */
  unit?: 's';
  /** a delay only matters while this switch is on */
  enabledBy?: keyof LockSettings;
}

export interface SettingGroup {
  title: string;
  description: string;
  fields: SettingField[];
}

export const SETTING_GROUPS: SettingGroup[] = [
  {
    title: 'Auto lock',
    description: 'When the lock locks by itself.',
    fields: [
      { key: 'autoLockEnabled', label: 'Auto lock', help: 'Locks by itself a while after every unlock.' },
      {
        key: 'autoLockDelay',
        label: 'Auto lock after',
        unit: 's',
        help: 'How long the lock stays unlocked before it locks itself.',
        enabledBy: 'autoLockEnabled',
      },
      {
        key: 'autoLockAfterDoorClosedEnabled',
        label: 'Lock when the door closes',
        help: 'Locks as soon as the door sensor reports the door closed.',
      },
      {
        key: 'autoLockImplicitEnabled',
        label: 'Finish a half-done lock',
        help: 'Locks fully by itself when the bolt stopped half way (semi-locked).',
      },
      {
        key: 'autoLockImplicitDelay',
        label: 'Finish it after',
        unit: 's',
        help: 'How long it waits in the half-locked state first.',
        enabledBy: 'autoLockImplicitEnabled',
      },
    ],
  },
  {
    title: 'Latch (pull spring)',
    description: 'Pulling the latch lets the door open without turning a handle.',
    fields: [
      {
        key: 'pullSpringEnabled',
        label: 'Pull spring',
        help: 'The lock can pull the latch (the “Pull latch” command).',
      },
      {
        key: 'pullSpringDuration',
        label: 'Latch held open for',
        unit: 's',
        help: 'How long the latch stays pulled before the lock lets it go.',
        enabledBy: 'pullSpringEnabled',
      },
      {
        key: 'autoPullSpringEnabled',
        label: 'Pull the latch after every unlock',
        help: 'Each unlock also pulls the latch, so a push opens the door.',
        enabledBy: 'pullSpringEnabled',
      },
    ],
  },
  {
    title: 'Button on the lock',
    description: 'What the button on the lock itself does.',
    fields: [
      { key: 'buttonLockEnabled', label: 'Button locks', help: 'Pressing the button locks an unlocked lock.' },
      {
        key: 'buttonUnlockEnabled',
        label: 'Button unlocks',
        help: 'Pressing the button unlocks a locked lock (from inside).',
      },
      {
        key: 'postponedLockEnabled',
        label: 'Postponed lock',
        help: 'Locking with the button waits a little, so you can step out first.',
      },
      {
        key: 'postponedLockDelay',
        label: 'Postponed by',
        unit: 's',
        help: 'How long the button’s lock waits.',
        enabledBy: 'postponedLockEnabled',
      },
    ],
  },
  {
    title: 'Door',
    description: 'What the door sensor’s news is used for.',
    fields: [
      {
        key: 'openDoorAlertEnabled',
        label: 'Door-open alert',
        help: 'The log says “Door open too long” when the door stays open.',
      },
      {
        key: 'openDoorAlertThreshold',
        label: 'Alert when open longer than',
        unit: 's',
        help: 'From one minute to one hour.',
        enabledBy: 'openDoorAlertEnabled',
      },
      {
        key: 'doorStateEventLoggingEnabled',
        label: 'Log door events',
        help: 'Writes “Door opened” and “Door closed” to the activity log.',
      },
    ],
  },
  {
    title: 'Commands',
    description: 'How the lock answers remote commands.',
    fields: [
      {
        key: 'isAsync',
        label: 'Confirm commands after carrying them out',
        help: 'Tedee calls this “hotel mode”: the lock acts on a command at once and confirms it afterwards, so its result may show a moment later.',
      },
    ],
  },
];

export const showValue = (v: unknown, unit?: 's') =>
  typeof v === 'boolean' ? (v ? 'On' : 'Off') : unit ? `${v} s` : String(v);

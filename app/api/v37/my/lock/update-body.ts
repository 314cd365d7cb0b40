import { z } from 'zod';
import { deviceUpdateFields } from '../device-update';
import { bodyId } from '@/lib/http/query';
import {
  LOCK_SETTING_DEFAULTS,
  LOCK_SETTING_LIMITS,
  type LockSettings,
  type NumericSetting,
} from '@/lib/shared/devices/codes';

const bool = () => z.boolean({ error: 'must be true or false' });
const seconds = (k: NumericSetting) => {
  const { min, max } = LOCK_SETTING_LIMITS[k];
  return z
    .number({ error: 'must be a number of seconds' })
    .int('must be whole seconds')
    .min(min, `must be at least ${min} s`)
    .max(max, `must be at most ${max} s`);
};

/** Each deviceSettings field by its default's type; limits in seconds from lib/shared/devices/codes. Unknown fields are dropped. */
const deviceSettings = z
  .object(
    Object.fromEntries(
      (Object.keys(LOCK_SETTING_DEFAULTS) as (keyof LockSettings)[]).map((k) => [
        k,
        (typeof LOCK_SETTING_DEFAULTS[k] === 'boolean' ? bool() : seconds(k as NumericSetting)).optional(),
      ]),
    ) as Record<keyof LockSettings, z.ZodOptional<z.ZodBoolean | z.ZodNumber>>,
    { error: 'must be an object of settings' },
  )
  .transform((s) => s as Partial<LockSettings>);

const whole = (max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`);

const userSettings = z.object(
  {
    autoUnlockEnabled: bool().optional(),
    autoUnlockConfirmEnabled: bool().optional(),
    autoUnlockRangeIn: whole(100_000).optional(),
    autoUnlockRangeOut: whole(100_000).optional(),
    autoUnlockTimeout: whole(86_400).optional(),
    location: z
      .object({
        latitude: z.number({ error: 'must be a number' }).min(-90).max(90),
        longitude: z.number({ error: 'must be a number' }).min(-180).max(180),
      })
      .optional(),
  },
  { error: 'must be an object of settings' },
);

/** PATCH /my/lock (Tedee's "Update lock"): id and revision required, every other field optional. */
export const lockUpdateBody = z.object({
  id: bodyId('must be the lock id', 'must be positive'),
  ...deviceUpdateFields,
  deviceSettings: deviceSettings.optional(),
  userSettings: userSettings.optional(),
});

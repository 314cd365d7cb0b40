import { describe, expect, it } from 'vitest';
import { ActivityEvent, eventInfo, LOCK_SETTING_DEFAULTS, LOCK_SETTING_LIMITS, lockSettingsOf } from './codes';

describe('device codes', () => {
  it('every event has words, our own 20001-20008 too (the portal showed "Event 20001")', () => {
    for (const value of Object.values(ActivityEvent))
      expect(eventInfo(value).name, String(value)).not.toMatch(/^Event /);
    expect(eventInfo(20001).name).toMatch(/timed out/);
    expect(eventInfo(20007)).toEqual({ name: 'Keypad locked out after five wrong PINs', method: 'PIN' });
    expect(eventInfo(20008)).toEqual({ name: 'Settings changed', method: 'app' });
  });

  it('stored settings read with the defaults filled in; wrong types and unknown keys are dropped', () => {
    expect(lockSettingsOf(null)).toEqual(LOCK_SETTING_DEFAULTS);
    const s = lockSettingsOf({ autoLockEnabled: true, autoLockDelay: '5', pullSpringEnabled: true, batteryLevel: 3 });
    expect(s).toMatchObject({ autoLockEnabled: true, autoLockDelay: 60, pullSpringEnabled: true });
    expect(s).not.toHaveProperty('batteryLevel');
    expect(LOCK_SETTING_DEFAULTS.pullSpringEnabled).toBe(false);
  });

  it('the defaults lie within the limits a client may set', () => {
    for (const [k, { min, max }] of Object.entries(LOCK_SETTING_LIMITS)) {
      const v = LOCK_SETTING_DEFAULTS[k as keyof typeof LOCK_SETTING_LIMITS];
      expect(v, k).toBeGreaterThanOrEqual(min);
      expect(v, k).toBeLessThanOrEqual(max);
    }
  });
});

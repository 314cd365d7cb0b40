import { describe, expect, it } from 'vitest';
import { authorText, eventInfo } from './names';

describe('activity words', () => {
  it('names events and methods, unknown ones by number', () => {
    expect(eventInfo(61)).toEqual({ name: 'Unlocked with a PIN', method: 'PIN' });
    expect(eventInfo(39).method).toBe('knob');
    expect(eventInfo(12345)).toEqual({ name: 'Event 12345', method: 'device' });
  });

  it('says who: a person, a link, a PIN alias, or by hand at the door', () => {
    expect(authorText({ userId: 7, username: 'Ada', event: 33 })).toBe('Ada');
    expect(authorText({ userId: 0, username: 'Cleaners', event: 228 })).toBe('Access link "Cleaners"');
    expect(authorText({ userId: 0, username: 'Courier', event: 61 })).toBe('PIN "Courier" at the keypad');
    expect(authorText({ userId: 0, username: '', event: 39 })).toBe('By hand at the door');
    expect(authorText({ userId: 0, username: '', event: 35 })).toBe('By hand at the door');
    expect(authorText({ userId: 0, username: '', event: 83 })).toBe('Door sensor');
    expect(authorText({ userId: 0, username: '', event: 36 })).toBe('The device itself');
    expect(authorText({ userId: 0, username: '', event: 62 })).toBe('At the keypad');
    expect(authorText({ userId: 7, username: 'Ada', event: 20008 })).toBe('Ada');
  });
});

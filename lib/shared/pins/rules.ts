/**
 * PIN and alias rules of api-v37.md ("PIN rules"), pure so the portal runs the very same checks
 * before sending that the server runs after receiving. No server imports here, ever.
 */

import { showsSomething } from '../text';

export const PIN_MIN_LENGTH = 5;
export const PIN_MAX_LENGTH = 8;
export const PIN_MIN_DISTINCT_DIGITS = 3;
export const ALIAS_MAX_LENGTH = 64;
/** A lock holds at most this many PINs; one more is refused with 412. */
export const MAX_PINS_PER_LOCK = 100;

export type PinRule = 'required' | 'length' | 'digits' | 'distinct' | 'sequence';

export interface PinProblem {
  rule: PinRule;
  message: string;
}

const MESSAGES: Record<PinRule, string> = {
  required: 'PIN is required: it must not be empty or only spaces.',
  length: `PIN must be ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} characters long.`,
  digits: 'PIN must contain digits 0-9 only.',
  distinct: `PIN needs at least ${PIN_MIN_DISTINCT_DIGITS} different digits.`,
  sequence: 'PIN must not be a run of consecutive digits (like 12345 or 98765).',
};

/** True when every digit is one more (or every digit one less) than the one before it. */
function isStrictRun(pin: string): boolean {
  let up = true;
  let down = true;
  for (let i = 1; i < pin.length; i++) {
    const step = pin.charCodeAt(i) - pin.charCodeAt(i - 1);
    if (step !== 1) up = false;
    if (step !== -1) down = false;
  }
  return up || down;
}

/**
 * The first rule the value breaks, checked in the order a person fixes them
 * (fill it in, right length, digits only, variety, no run), or null when it is a valid PIN.
 */
export function pinProblem(value: unknown): PinProblem | null {
  const fail = (rule: PinRule): PinProblem => ({ rule, message: MESSAGES[rule] });
  if (typeof value !== 'string' || value.trim() === '') return fail('required');
  if (value.length < PIN_MIN_LENGTH || value.length > PIN_MAX_LENGTH) return fail('length');
  for (const ch of value) if (ch < '0' || ch > '9') return fail('digits');
  if (new Set(value).size < PIN_MIN_DISTINCT_DIGITS) return fail('distinct');
  if (isStrictRun(value)) return fail('sequence');
  return null;
}

export const isValidPin = (value: unknown): value is string => pinProblem(value) === null;

/** Alias: required, trimmed, at most ALIAS_MAX_LENGTH characters. Returns a message or null. */
export function aliasProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'Alias is required.';
  if (!showsSomething(value))
    return 'Alias must show at least one visible character (not only invisible or direction-changing ones).';
  if (value.trim().length > ALIAS_MAX_LENGTH) return `Alias must be at most ${ALIAS_MAX_LENGTH} characters.`;
  return null;
}

/** A uniformly random integer in [0, n) from the platform's CSPRNG (browser and Node alike). */
function randomBelow(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n; // reject the biased tail
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}

/**
 * Proposes a valid PIN of `length` digits (the portal's "generate" button). Draws until the
 * rules accept: invalid draws are rare (runs and low-variety strings), so this ends quickly.
 */
export function generatePin(length = 6, random: (n: number) => number = randomBelow): string {
  const len = Math.min(PIN_MAX_LENGTH, Math.max(PIN_MIN_LENGTH, Math.trunc(length)));
  for (;;) {
    let pin = '';
    for (let i = 0; i < len; i++) pin += String(random(10));
    if (isValidPin(pin)) return pin;
  }
}

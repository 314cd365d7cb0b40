import { z } from 'zod';

/**
 * Whether a name shows anything at all: at least one character that is not a space, a control or
 * format character (zero-width joiners, direction marks and overrides such as U+202E), a
 * default-ignorable one, a noncharacter (U+FFFF) or a lone combining mark. A name made only of
 * those looks blank in every list, yet would be accepted by a "not empty" check, and lets someone
 * make entries nobody can tell apart.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\p{M}]/u;

export const showsSomething = (s: string): boolean => VISIBLE.test(s);

/** What a name field that shows nothing says (zod's refine). */
export const SHOWS_NOTHING = 'must show at least one visible character (not only invisible or direction-changing ones)';

/**
 * A name people give something (a device, a phone, a link) in a request's body: text, trimmed,
 * 1 to `max` characters, showing something. One rule for every device name, however it arrives.
 */
export const nameField = (max = 100, empty = 'must not be empty') =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, empty)
    .max(max, `at most ${max} characters`)
    .refine(showsSomething, SHOWS_NOTHING);

/** The message for a name that shows nothing. */
export const invisibleName = (field: string) =>
  `${field}: must show at least one visible character (not only spaces, invisible or direction-changing characters).`;

/** The words for a failure that is not the server's answer (a fault of the page itself). */
export const DID_NOT_WORK = 'That did not work. Please try again.';

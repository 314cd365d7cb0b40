/**
 * A plausible e-mail address, decided in one pass over the text: no regular expression that can
 * backtrack (the former sign-up pattern took 2 s on a 40 KB address). Callers bound the length
 * first; this bounds it again.
 */
export const MAX_EMAIL_LENGTH = 320;

// one character class, tested once per character: linear
// eslint-disable-next-line no-control-regex
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

export function isEmailAddress(s: string): boolean {
  if (s.length < 5 || s.length > MAX_EMAIL_LENGTH || BLANK_OR_CONTROL.test(s)) return false;
  const at = s.indexOf('@');
  if (at < 1 || at !== s.lastIndexOf('@')) return false;
  const domain = s.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

/**
 * The form an address is kept and compared in: trimmed, NFKC (full-width and other compatibility
 * forms become their plain letters) and lower-case. Two addresses are the same person's when their
 * normalized forms are equal; stored addresses are compared through `lower(...)` of this form.
 */
export function normalizeEmail(s: string): string {
  return s.trim().normalize('NFKC').toLowerCase();
}

/*
 * Display names: what another person reads to decide who someone is. NFKC first (look-alike
 * compatibility letters become plain ones), then refused: control characters, bidirectional
 * controls (a right-to-left override turns "Olivia" around) and zero-width characters (invisible
 * differences between two equal-looking names). One character class, tested once: linear.
 */
const NAME_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

export const MAX_DISPLAY_NAME_LENGTH = 100;

/** The display name as kept (NFKC, trimmed, inner runs of spaces made one), or an error message. */
export function normalizeDisplayName(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.normalize('NFKC').trim().replace(/ {2,}/g, ' ');
  if (NAME_FORBIDDEN.test(value))
    return {
      ok: false,
      message:
        'displayName: remove invisible or direction-changing characters (control, zero-width or bidirectional marks).',
    };
  if (!value || value.length > MAX_DISPLAY_NAME_LENGTH)
    return { ok: false, message: `displayName: enter your name (1 to ${MAX_DISPLAY_NAME_LENGTH} characters).` };
  return { ok: true, value };
}

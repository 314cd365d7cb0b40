import { describe, expect, it } from 'vitest';
import { tokenHash } from '@/lib/crypto/secrets';
import { looksLikeKey, newKeyMaterial, parseKey } from './keys';
import { ALL_SCOPES, SCOPES, SCOPE_DESCRIPTIONS, isScope } from './scopes';

describe('key material', () => {
  it('a key is slk_<8 hex prefix>_<43 char secret>; only the secret’s SHA-256 is kept', () => {
    const m = newKeyMaterial();
    expect(m.key).toMatch(/^slk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseKey(m.key)!;
    expect(parsed.prefix).toBe(m.prefix);
    expect(m.secretHash).toBe(tokenHash(parsed.secret));
    expect(m.secretHash).not.toContain(parsed.secret);
  });

  it('keys are unique', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newKeyMaterial().key));
    expect(keys.size).toBe(200);
  });

  it.each([
    '',
    'slk_',
    'slk_0000000_' + 'A'.repeat(43),
    'slk_0000000g_' + 'A'.repeat(43),
    'slk_00000000_' + 'A'.repeat(42),
    ' slk_00000000_' + 'A'.repeat(43),
  ])('refuses malformed %j', (k) => expect(parseKey(k)).toBeNull());

  it('recognizes key-shaped text anywhere (for refusing keys in query strings)', () => {
    expect(looksLikeKey(`x ${newKeyMaterial().key}`)).toBe(true);
    expect(looksLikeKey('slk_zz')).toBe(false);
  });
});

describe('scopes', () => {
  it('every scope has a description and the set is complete', () => {
    for (const s of SCOPES) expect(SCOPE_DESCRIPTIONS[s]).toMatch(/\w/);
    expect(ALL_SCOPES.size).toBe(SCOPES.length);
    expect(isScope('Account.ReadWrite')).toBe(true);
    expect(isScope('account.readwrite')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { violatedUniqueColumns, violatedUniqueIndex } from './errors';

const refusal = (fields: Record<string, unknown>) => ({ message: 'Failed query', cause: { code: '23505', ...fields } });

// What a unique violation names (db/errors.ts), as drizzle wraps either driver's error.
describe('unique violations', () => {
  it('the refused key’s columns from the detail, in any language; none when the detail names no key', () => {
    const key = (detail: string) => violatedUniqueColumns(refusal({ detail }));
    expect(key('Key (device_id, date)=(5, 2026-11-02 10:00:00.123) already exists.')).toEqual(['device_id', 'date']);
    expect(key('Schlüssel »(device_id, date)=(5, 2026-11-02 10:00:00)« existiert bereits.')).toEqual([
      'device_id',
      'date',
    ]);
    expect(key('Key (organization_id, lower(name))=(1, a (b)=(c)) already exists.')).toEqual([
      'organization_id',
      'lower(name)',
    ]);
    expect(key('Key ("Odd Name")=(x) already exists.')).toEqual(['Odd Name']);
    expect(violatedUniqueColumns(refusal({}))).toBeUndefined();
    expect(violatedUniqueColumns({ code: '23503', detail: 'Key (device_id)=(5) is not present.' })).toBeUndefined();
  });

  it('the index: postgres.js’s constraint_name, PGlite’s constraint, else the message', () => {
    expect(violatedUniqueIndex(refusal({ constraint_name: 'a_uq' }))).toBe('a_uq');
    expect(violatedUniqueIndex(refusal({ constraint: 'b_uq' }))).toBe('b_uq');
    expect(violatedUniqueIndex(refusal({ message: 'duplicate key value violates unique constraint "c_uq"' }))).toBe(
      'c_uq',
    );
    expect(violatedUniqueIndex(new Error('other'))).toBeUndefined();
  });
});

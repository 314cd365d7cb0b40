import { describe, expect, it } from 'vitest';
import { errorText } from '@/components/ui/form-error';
import { ApiError, apiMessage, messageFor, messagesByField } from './api';
import { DID_NOT_WORK } from '@/lib/shared/text';
import { fieldWords, inWords, UNREACHABLE } from './words';

describe('API messages in a person’s words', () => {
  it('names fields in words and explains developer phrasings', () => {
    expect(fieldWords('groupId')).toBe('Group id');
    expect(fieldWords('filters.LinkName')).toBe('Link name');
    expect(inWords('groupId: groupId must be a UUID')).toBe(
      'Group id: this is not a valid id. Pick it from the list or copy it again.',
    );
    expect(inWords('url: The host hooks.example.invalid could not be resolved.')).toBe(
      'Url: the server hooks.example.invalid was not found. Check the spelling of the address.',
    );
    expect(inWords('Request failed (500).')).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(inWords('Request failed (429).')).toMatch(/Too many requests/);
  });

  it('leaves messages already written for people alone', () => {
    const m = 'You cannot share Front door: your access ended on 3 May.';
    expect(inWords(m)).toBe(m);
  });
});

describe('apiMessage', () => {
  it('is what the server said, every message of it; a failed fetch could not reach it; anything else is our fault', () => {
    expect(apiMessage(new ApiError(400, ['E-mail: not an address.', 'Password: too short.']))).toBe(
      'E-mail: not an address. Password: too short.',
    );
    // a form's error and a query's error (they read `message`) say all of them too
    expect(errorText(new ApiError(400, ['E-mail: not an address.', 'Password: too short.']))).toBe(
      'E-mail: not an address. Password: too short.',
    );
    expect(apiMessage(new ApiError(0, [UNREACHABLE]))).toBe(UNREACHABLE);
    expect(apiMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
    expect(apiMessage(new TypeError('Load failed'))).toBe(UNREACHABLE);
    // a fault of the page is not blamed on the connection, and its developer words are not shown
    expect(apiMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(DID_NOT_WORK);
    expect(apiMessage('nope')).toBe(DID_NOT_WORK);
  });
});

describe('messagesByField', () => {
  it('says a message under the field it names, as the API names it or in words; the rest above the form', () => {
    const err = new ApiError(400, [
      'displayName: remove invisible or direction-changing characters.',
      'Password: must be at least 8 characters.',
      'This e-mail address cannot be used.',
    ]);
    expect(messagesByField(err, ['email', 'password', 'displayName'] as const)).toEqual({
      general: 'This e-mail address cannot be used.',
      byField: {
        displayName: 'Remove invisible or direction-changing characters.',
        password: 'Must be at least 8 characters.',
      },
    });
  });

  it("two messages about one field are both said; a refusal that is not the API's is all general", () => {
    const err = new ApiError(400, ['newPassword: too short.', 'newPassword: too common.']);
    expect(messagesByField(err, ['newPassword'] as const)).toEqual({
      general: null,
      byField: { newPassword: 'Too short. Too common.' },
    });
    expect(messagesByField(new TypeError('Failed to fetch'), ['email'] as const)).toEqual({
      general: UNREACHABLE,
      byField: {},
    });
    expect(messagesByField(null, ['email'] as const)).toEqual({ general: null, byField: {} });
  });

  it('a message about a part of a field (one of a list) is said under the field', () => {
    const err = new ApiError(400, ['redirectUris.1: must not contain a fragment (#)', 'redirectUrisX: other']);
    expect(messagesByField(err, ['redirectUris'] as const)).toEqual({
      general: 'redirectUrisX: other',
      byField: { redirectUris: 'Must not contain a fragment (#)' },
    });
  });
});

describe('messageFor', () => {
  it("says everything for a form of one field, the field's name taken off its own messages", () => {
    expect(messageFor(new ApiError(400, ['password: this is not your password.']), 'password')).toBe(
      'This is not your password.',
    );
    expect(messageFor(new ApiError(429, ['code: wrong code.', 'Too many tries.']), 'code')).toBe(
      'Wrong code. Too many tries.',
    );
    expect(messageFor(new TypeError('Failed to fetch'), 'code')).toBe(UNREACHABLE);
    expect(messageFor(null, 'code')).toBeNull();
  });
});

'use client';

import { useState } from 'react';
import { messagesByField } from './api';

export interface Refusal<F extends string> {
  /** What names none of the fields, said above the form (null: nothing). */
  general: string | null;
  /** The refusal's message for each field it names, until the person edits that field. */
  byField: Partial<Record<F, string>>;
  /**
   * Sends: forgets the last refusal, keeps the next one. Resolves `false` when refused, which
   * keeps a FormDialog open with the messages where they belong.
   */
  send: (fn: () => Promise<unknown>) => Promise<false | undefined>;
  /** The person changed this field: its message goes now, not at the next submit. */
  edited: (field: F) => void;
}

/**
 * A form's server refusal by field (messagesByField), each field's message gone once the person
 * edits that field. `outside` is a refusal the form does not send itself (a mutation's error
 * handed down): each new one starts with nothing edited.
 */
export function useRefusal<F extends string>(fields: readonly F[], outside?: unknown): Refusal<F> {
  const [own, setOwn] = useState<unknown>(null);
  const err = outside === undefined ? own : outside;
  const [edits, setEdits] = useState<{ of: unknown; fields: readonly F[] }>({ of: null, fields: [] });
  const { general, byField } = messagesByField(err, fields);
  if (edits.of === err) for (const f of edits.fields) delete byField[f];
  return {
    general,
    byField,
    async send(fn) {
      setOwn(null);
      try {
        await fn();
      } catch (e) {
        setOwn(e);
        return false;
      }
    },
    edited(field) {
      if (!byField[field]) return;
      setEdits((x) => ({ of: err, fields: x.of === err ? [...x.fields, field] : [field] }));
    },
  };
}

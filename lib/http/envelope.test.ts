import { describe, expect, it } from 'vitest';
import { JsonText } from '@/lib/domain/json-text';
import { envelope } from './envelope';

describe('the envelope around json the database already serialized', () => {
  it('is byte for byte the envelope of the same value, with the same status and headers', async () => {
    const items = [{ id: 1, name: 'Front door', at: '2026-11-22T10:15:30.123Z', tags: ['a', 'b'], none: null }];
    for (const value of [items, []]) {
      const spliced = envelope(200, new JsonText(JSON.stringify(value)));
      const plain = envelope(200, value);
      expect(await spliced.text()).toBe(await plain.text());
      expect(spliced.status).toBe(200);
      expect(spliced.headers.get('content-type')).toBe(plain.headers.get('content-type'));
      expect(spliced.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('is the same envelope whether the json was kept as text or as its UTF-8 (names beyond ASCII too)', async () => {
    const value = [{ id: 3, name: 'Drzwi wejściowe — 玄関 🚪', note: 'a "quoted" \\ name' }];
    const text = JSON.stringify(value);
    const plain = await envelope(200, value).text();
    const kept = JsonText.ofUtf8(Buffer.from(text, 'utf8'));
    expect(await envelope(200, kept).text()).toBe(plain);
    expect(kept.text).toBe(text);
    expect(kept.parse()).toEqual(value);
    expect(Buffer.from(await envelope(200, new JsonText(text)).arrayBuffer())).toEqual(Buffer.from(plain, 'utf8'));
  });

  it('keeps the contract’s fields and order: result, success, errorMessages, statusCode', async () => {
    const body = await envelope(200, new JsonText('[{"id":7}]')).text();
    expect(body).toBe('{"result":[{"id":7}],"success":true,"errorMessages":[],"statusCode":200}');
    expect(new JsonText<{ id: number }[]>('[{"id":7}]').parse()).toEqual([{ id: 7 }]);
  });
});

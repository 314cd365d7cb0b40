import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '@/db/schema';
import { route } from '@/lib/http/route';
import { reply } from '@/lib/http/reply';
import { openApiDocument } from '@/app/api/v37/openapi.json/document';
import { sessionHeaders } from '../support/factories/account';
import { createUser, db, lockWithCast } from '../support/factories/core';
import { pinRows } from '../support/factories/pins';
import { api } from '../support/router';

/**
 * Issue 30, item 2: a write repeated with its Idempotency-Key runs once. The balancer no longer
 * repeats requests itself; clients do (the portal's fetch after a dropped connection or a 502), and
 * the key makes their repeat safe, in whichever process it lands (the keys are rows).
 */
const pinUrl = (lockId: number) => `/api/v37/my/lock/${lockId}/pin`;
const withKey = (k: string) => ({ 'idempotency-key': k });

describe('a write repeated with the same Idempotency-Key', () => {
  it('runs once: the repeat gets the first answer (status, body), marked Idempotent-Replayed', async () => {
    const { owner, lock } = await lockWithCast();
    const k = randomUUID();
    const body = { alias: 'Cleaner', pin: '572913' };
    const first = await api('POST', pinUrl(lock.id), { key: owner.key, body, headers: withKey(k) });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api('POST', pinUrl(lock.id), { key: owner.key, body, headers: withKey(k) });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(await pinRows(lock.id)).toHaveLength(1);
    // without a key the same body is a new write (406: that PIN exists), as before
    expect((await api('POST', pinUrl(lock.id), { key: owner.key, body })).status).toBe(406);
  });

  it('a DELETE repeated answers as the first did (not 404); a refusal is kept as the outcome too', async () => {
    const { owner, lock } = await lockWithCast();
    const made = await api('POST', pinUrl(lock.id), { key: owner.key, body: { alias: 'A', pin: '572913' } });
    const url = `${pinUrl(lock.id)}/${made.json.result.id}`;
    const k = randomUUID();
    expect((await api('DELETE', url, { key: owner.key, headers: withKey(k) })).status).toBe(204);
    const again = await api('DELETE', url, { key: owner.key, headers: withKey(k) });
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api('DELETE', url, { key: owner.key })).status).toBe(404); // a new delete: gone
  });

  it('the same key with another body, method or path: 422, and nothing runs', async () => {
    const { owner, lock } = await lockWithCast();
    const k = randomUUID();
    await api('POST', pinUrl(lock.id), { key: owner.key, body: { alias: 'A', pin: '572913' }, headers: withKey(k) });
    const other = await api('POST', pinUrl(lock.id), {
      key: owner.key,
      body: { alias: 'B', pin: '683024' },
      headers: withKey(k),
    });
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      success: false,
      statusCode: 422,
      errorMessages: [expect.stringMatching(/used in the last 24 hours for another request/)],
    });
    expect((await pinRows(lock.id)).map((p) => p.alias)).toEqual(['A']);
  });

  it('keys are per account: another account with the same key runs its own write', async () => {
    const a = await lockWithCast();
    const b = await lockWithCast();
    const k = randomUUID();
    const body = { alias: 'Same', pin: '572913' };
    expect((await api('POST', pinUrl(a.lock.id), { key: a.owner.key, body, headers: withKey(k) })).status).toBe(201);
    expect((await api('POST', pinUrl(b.lock.id), { key: b.owner.key, body, headers: withKey(k) })).status).toBe(201);
    expect(await pinRows(b.lock.id)).toHaveLength(1);
  });

  it('a malformed key is refused with 400 before anything runs', async () => {
    const { owner, lock } = await lockWithCast();
    for (const bad of ['', 'x'.repeat(256), 'two words', 'é']) {
      const r = await api('POST', pinUrl(lock.id), {
        key: owner.key,
        body: { alias: 'A', pin: '572913' },
        headers: withKey(bad),
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await pinRows(lock.id)).toHaveLength(0);
  });

  it('a new personal access key, answered once, is replayed the same; at rest the answer is encrypted', async () => {
    const u = await createUser();
    const k = randomUUID();
    const send = async () =>
      api('POST', '/api/v37/my/personalaccesskey', {
        headers: { ...(await sessionHeaders(u)), ...withKey(k) },
        body: { name: 'Home Assistant', scopes: ['Device.Read'], days: 30 },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.json.result).toEqual(first.json.result);
    const d = await db();
    const [row] = await d.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
    expect(row).toMatchObject({ state: 'done', status: 201, account: `user:${u.id}` });
    expect(row.responseCiphertext).toMatch(/^v2\./);
    expect(row.responseCiphertext).not.toContain(first.json.result.key);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3600_000);
  });

  it('after 24 h the key is free again; a key left running by a process that died is taken over after its lease', async () => {
    const { owner, lock } = await lockWithCast();
    const d = await db();
    const k = randomUUID();
    const body = { alias: 'A', pin: '572913' };
    await api('POST', pinUrl(lock.id), { key: owner.key, body, headers: withKey(k) });
    await d
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, k));
    // runs again: the PIN exists now, so this time the answer is 406
    expect((await api('POST', pinUrl(lock.id), { key: owner.key, body, headers: withKey(k) })).status).toBe(406);

    const k2 = randomUUID();
    const body2 = { alias: 'B', pin: '683024' };
    const [{ fingerprint }] = await d
      .insert(idempotencyKeys)
      .values({
        account: `user:${owner.id}`,
        key: k2,
        fingerprint: 'placeholder',
        state: 'running',
        leaseUntil: new Date(Date.now() + 60_000),
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ fingerprint: idempotencyKeys.fingerprint });
    expect(fingerprint).toBe('placeholder');
    // the same request as the running one: 409 while its lease runs, taken over after it
    const probe = await api('POST', pinUrl(lock.id), { key: owner.key, body: body2, headers: withKey(k2) });
    expect(probe.status).toBe(422); // another fingerprint than the placeholder
    await d.delete(idempotencyKeys).where(eq(idempotencyKeys.key, k2));
    const running = await api('POST', pinUrl(lock.id), { key: owner.key, body: body2, headers: withKey(k2) });
    expect(running.status).toBe(201);
    await d
      .update(idempotencyKeys)
      .set({ state: 'running', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(idempotencyKeys.key, k2));
    const busy = await api('POST', pinUrl(lock.id), { key: owner.key, body: body2, headers: withKey(k2) });
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');
    await d
      .update(idempotencyKeys)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(and(eq(idempotencyKeys.key, k2), eq(idempotencyKeys.account, `user:${owner.id}`)));
    const takenOver = await api('POST', pinUrl(lock.id), { key: owner.key, body: body2, headers: withKey(k2) });
    expect(takenOver.status).toBe(406); // ran again (the PIN exists from the first run)
  });
});

describe('the pipeline around a handler', () => {
  const call = (h: ReturnType<typeof route>, key: string, body = '{"n":1}') =>
    h(
      new NextRequest(new URL('/api/v37/test/idempotent', 'http://localhost:3000'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body,
      }),
      { params: Promise.resolve({}) },
    );

  it('a repeat while the first is still running answers 409 at once; afterwards the first answer', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    const h = route({ scopes: 'public' }, async () => {
      runs++;
      await gate;
      return reply.created({ run: runs });
    });
    const k = randomUUID();
    const first = call(h, k);
    await new Promise((r) => setTimeout(r, 100));
    const during = await call(h, k);
    expect(during.status).toBe(409);
    expect(await during.json()).toMatchObject({ errorMessages: [expect.stringMatching(/still being processed/)] });
    release();
    expect((await first).status).toBe(201);
    const after = await call(h, k);
    expect(after.status).toBe(201);
    expect(await after.json()).toMatchObject({ result: { run: 1 } });
    expect(runs).toBe(1);
  });

  it('a 5xx is not kept: the key is released and a repeat runs afresh', async () => {
    let runs = 0;
    const h = route({ scopes: 'public' }, async () => {
      runs++;
      if (runs === 1) throw new Error('boom');
      return reply.created({ run: runs });
    });
    const k = randomUUID();
    expect((await call(h, k)).status).toBe(500);
    const again = await call(h, k);
    expect(again.status).toBe(201);
    expect(runs).toBe(2);
  });
});

describe('the OpenAPI document', () => {
  it('names the Idempotency-Key header and the 422 on every write, on no read', () => {
    const doc = openApiDocument() as {
      paths: Record<
        string,
        Record<string, { parameters: Array<{ $ref?: string }>; responses: Record<string, unknown> }>
      >;
      components: { parameters: Record<string, { name: string; in: string }> };
    };
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    let writes = 0;
    for (const [p, item] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(item)) {
        const has = op.parameters.some((x) => x.$ref === '#/components/parameters/IdempotencyKey');
        expect(has, `${m} ${p}`).toBe(m !== 'get');
        expect('422' in op.responses, `${m} ${p}`).toBe(m !== 'get');
        if (m !== 'get') writes++;
      }
    expect(writes).toBeGreaterThan(40);
  });
});

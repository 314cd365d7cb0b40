import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { api } from '../support/router';
import { createUser } from '../support/factories/core';
import { createSubscription, receiversClosedAfterEach } from '../support/factories/webhooks';

/** /api/v37/my/webhook: the caller's own subscriptions. */
const newReceiver = receiversClosedAfterEach();
const BASE = '/api/v37/my/webhook';
const url = 'http://127.0.0.1:9/hook';

describe('my webhooks', () => {
  it('creates (201, secret once), lists, reads, updates and deletes', async () => {
    const u = await createUser();
    const created = await api('POST', BASE, {
      key: u.key,
      body: { url, events: ['bell-button-pressed', 'bell-button-pressed', 'lock-status-changed'] },
    });
    expect(created.status).toBe(201);
    const w = created.json.result;
    expect(w).toMatchObject({
      url,
      events: ['bell-button-pressed', 'lock-status-changed'],
      enabled: true,
      failing: false,
      consecutiveFailures: 0,
      disabledReason: null,
      organizationId: null,
    });
    expect(w.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(w.secret)).not.toThrow();
    const list = await api('GET', BASE, { key: u.key });
    expect(list.status).toBe(200);
    expect(list.json.result).toEqual([{ ...w, secret: undefined }].map(({ secret: _s, ...rest }) => rest));
    expect(JSON.stringify(list.json)).not.toContain(w.secret);
    const one = await api('GET', `${BASE}/${w.id}`, { key: u.key });
    expect(one.json.result.secret).toBeUndefined();
    const upd = await api('PATCH', `${BASE}/${w.id}`, {
      key: u.key,
      body: { enabled: false, events: ['device-connection-changed'] },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.result).toMatchObject({ enabled: false, events: ['device-connection-changed'], url });
    expect((await api('DELETE', `${BASE}/${w.id}`, { key: u.key })).status).toBe(204);
    expect((await api('GET', `${BASE}/${w.id}`, { key: u.key })).status).toBe(404);
  });

  it('refuses bad input with readable messages', async () => {
    const u = await createUser();
    const bad = async (body: unknown) => {
      const r = await api('POST', BASE, { key: u.key, body });
      expect(r.status).toBe(400);
      return r.json.errorMessages.join(' ');
    };
    expect(await bad({ url, events: [] })).toMatch(/at least one event/);
    expect(await bad({ url, events: ['door-opened'] })).toMatch(/must be one of: device-battery-level-changed/);
    expect(await bad({ url: 'ftp://example.com/x', events: ['bell-button-pressed'] })).toMatch(
      /https:\/\/ or http:\/\//,
    );
    expect(await bad({ url: 'not a url', events: ['bell-button-pressed'] })).toMatch(/absolute/);
    expect(await bad({ url: 'https://user:pw@example.com/', events: ['bell-button-pressed'] })).toMatch(
      /user name or password/,
    );
    expect(await bad({ events: ['bell-button-pressed'] })).toMatch(/url/);
    const created = await api('POST', BASE, { key: u.key, body: { url, events: ['bell-button-pressed'] } });
    const patch = await api('PATCH', `${BASE}/${created.json.result.id}`, { key: u.key, body: {} });
    expect(patch.status).toBe(400);
    expect((await api('GET', `${BASE}/not-a-uuid`, { key: u.key })).status).toBe(400);
  });

  it('refuses endpoints on private, link-local or reserved addresses, at create and update', async () => {
    const u = await createUser();
    for (const host of [
      '10.0.0.5',
      '192.168.1.10',
      '172.20.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
      '[64:ff9b::a00:1]',
    ]) {
      const r = await api('POST', BASE, {
        key: u.key,
        body: { url: `http://${host}/hook`, events: ['bell-button-pressed'] },
      });
      expect(r.status, host).toBe(400);
      expect(r.json.errorMessages[0]).toMatch(/private, loopback, link-local or reserved/);
    }
    const ok = await api('POST', BASE, { key: u.key, body: { url, events: ['bell-button-pressed'] } });
    const r = await api('PATCH', `${BASE}/${ok.json.result.id}`, { key: u.key, body: { url: 'http://10.9.9.9/x' } });
    expect(r.status).toBe(400);
  });

  it("keeps callers apart: another user's webhook is 404, keys need the scopes", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const w = (await api('POST', BASE, { key: a.key, body: { url, events: ['bell-button-pressed'] } })).json.result;
    for (const [m, p] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/delivery'],
      ['POST', '/delivery/1/redeliver'],
    ]) {
      const r = await api(m, `${BASE}/${w.id}${p}`, {
        key: b.key,
        body: m === 'PATCH' ? { enabled: false } : undefined,
      });
      expect(r.status, `${m} ${p}`).toBe(404);
    }
    expect((await api('GET', BASE, { key: b.key })).json.result).toEqual([]);
    expect((await api('GET', BASE)).status).toBe(401);
    const readOnly = await a.keyWith(['Device.Read']);
    expect((await api('GET', BASE, { key: readOnly })).status).toBe(200);
    expect((await api('POST', BASE, { key: readOnly, body: { url, events: ['bell-button-pressed'] } })).status).toBe(
      403,
    );
    const account = await a.keyWith(['Account.ReadWrite']);
    expect((await api('PATCH', `${BASE}/${w.id}`, { key: account, body: { enabled: false } })).status).toBe(200);
    const unrelated = await a.keyWith(['Lock.Operate']);
    expect((await api('GET', BASE, { key: unrelated })).status).toBe(403);
  });

  it('sends a test event (202), lists it with its attempts and redelivers it with the same webhook-id', async () => {
    const u = await createUser();
    const r = await newReceiver();
    r.respond((_x, n) => (n === 0 ? { status: 500, body: 'not yet' } : { status: 200, body: 'thanks' }));
    const w = (await api('POST', BASE, { key: u.key, body: { url: r.url, events: ['bell-button-pressed'] } })).json
      .result;
    const sent = await api('POST', `${BASE}/${w.id}/test`, { key: u.key });
    expect(sent.status).toBe(202);
    expect(sent.json.result).toMatchObject({
      event: 'webhook-test',
      status: 'pending',
      attemptCount: 1,
      lastStatusCode: 500,
    });
    expect(sent.json.result.attempts).toEqual([
      {
        at: expect.any(String),
        statusCode: 500,
        durationMs: expect.any(Number),
        responseExcerpt: 'not yet',
        error: null,
      },
    ]);
    expect(new Webhook(w.secret).verify(r.received[0].body, r.received[0].headers)).toMatchObject({
      event: 'webhook-test',
      data: { webhookId: w.id },
    });
    const again = await api('POST', `${BASE}/${w.id}/delivery/${sent.json.result.id}/redeliver`, { key: u.key });
    expect(again.status).toBe(202);
    expect(again.json.result).toMatchObject({ status: 'delivered', attemptCount: 2, lastStatusCode: 200 });
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual([
      sent.json.result.messageId,
      sent.json.result.messageId,
    ]);
    const list = await api('GET', `${BASE}/${w.id}/delivery`, { key: u.key });
    expect(list.json.result).toHaveLength(1);
    expect(list.json.result[0].attempts.map((a: any) => a.statusCode)).toEqual([500, 200]);
    expect((await api('GET', `${BASE}/${w.id}/delivery?status=failed`, { key: u.key })).json.result).toEqual([]);
    expect((await api('GET', `${BASE}/${w.id}/delivery?itemsPerPage=0`, { key: u.key })).status).toBe(400);
    expect((await api('POST', `${BASE}/${w.id}/delivery/999999999/redeliver`, { key: u.key })).status).toBe(404);
    await api('PATCH', `${BASE}/${w.id}`, { key: u.key, body: { enabled: false } });
    expect((await api('POST', `${BASE}/${w.id}/test`, { key: u.key })).status).toBe(409);
  });

  it('allows at most 20 webhooks per owner (409 after that)', async () => {
    const u = await createUser();
    for (let i = 0; i < 20; i++) await createSubscription({ url: `${url}/${i}`, userId: u.id });
    const r = await api('POST', BASE, { key: u.key, body: { url, events: ['bell-button-pressed'] } });
    expect(r.status).toBe(409);
    expect(r.json.errorMessages[0]).toMatch(/At most 20 webhooks/);
  });

  it('limits test events and redeliveries to 10 a minute per webhook (429)', async () => {
    const u = await createUser();
    const w = (await api('POST', BASE, { key: u.key, body: { url, events: ['bell-button-pressed'] } })).json.result;
    // the window is the clock's minute: start well inside one so all 11 calls share it
    const sec = new Date().getSeconds();
    if (sec > 45) await new Promise((r) => setTimeout(r, (61 - sec) * 1000));
    const first = await api('POST', `${BASE}/${w.id}/test`, { key: u.key });
    expect(first.status).toBe(202);
    for (let i = 1; i < 10; i++)
      expect(
        (await api('POST', `${BASE}/${w.id}/delivery/${first.json.result.id}/redeliver`, { key: u.key })).status,
      ).toBe(202);
    const over = await api('POST', `${BASE}/${w.id}/test`, { key: u.key });
    expect(over.status).toBe(429);
    expect(over.json.errorMessages[0]).toMatch(/per minute/);
  });
});

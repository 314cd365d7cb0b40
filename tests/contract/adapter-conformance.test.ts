import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { withConfig } from '@/tests/support/config';
import { CALLBACK_SECRET_HEADER } from '@/lib/devices/gateway';
import { callbackSecretOf } from '@/lib/domain/devices/bridge-links';
import { reconcileBridge } from '@/lib/domain/devices/reconcile';
import { bridgeLinks, deviceActivity, webhookOutbox } from '@/db/schema';
import { and, desc, eq, gt } from 'drizzle-orm';
import { childProcess, inProcess, type Harness, type World } from '../support/conformance';
import { db } from '../support/factories/core';
import { deviceRow, eventually } from '../support/factories/devices';
import { api } from '../support/router';

/**
 * The adapter conformance suite (docs/devices.md, "Conformance"): what any adapter must do with its
 * device, as a person and a subscriber see it through the API: commands, busy, a lock that stays
 * silent, a bridge that refuses, does not answer or has another token, each kind of event, lost,
 * duplicated, forged and replayed callbacks, a bridge that restarted and forgot its callback, a
 * bridge without our extension. It runs against the virtual bridge through the HTTP adapter, served
 * by this process and as a process of its own, on PGlite and Postgres, and (CONTRACT_CLUSTER=1)
 * through two server processes behind HAProxy, whichever of them the bridge's events reach.
 */
const harnesses: Harness[] = [inProcess, childProcess()];

/** The device's activity entries written after `mark` (activityMark: an entry id), by date. */
const since = (deviceId: number, mark = 0) =>
  db().then((d) =>
    d
      .select()
      .from(deviceActivity)
      .where(and(eq(deviceActivity.deviceId, deviceId), gt(deviceActivity.id, mark)))
      .orderBy(deviceActivity.date),
  );
const activityMark = async () =>
  (
    await (await db()).select({ id: deviceActivity.id }).from(deviceActivity).orderBy(desc(deviceActivity.id)).limit(1)
  )[0]?.id ?? 0;
const eventsOf = async (deviceId: number, mark = 0) => (await since(deviceId, mark)).map((a) => a.event);
const outbox = async (deviceId: number) =>
  (await db()).select().from(webhookOutbox).where(eq(webhookOutbox.deviceId, deviceId)).orderBy(webhookOutbox.id);

const command = (w: World, op: 'unlock' | 'lock' | 'pull', query = '') =>
  api('POST', `/api/v37/my/lock/${w.lock.id}/operation/${op}${query}`, { key: w.owner.key });
const finished = (w: World, operationId: string) =>
  eventually(async () => {
    const r = await api('GET', `/api/v37/my/device/operation/${operationId}`, { key: w.owner.key });
    return r.json.result?.status === 'COMPLETED' ? r.json.result : null;
  }, 10_000);
const lockView = async (w: World) =>
  (await api('GET', `/api/v37/my/lock/${w.lock.id}`, { key: w.owner.key })).json.result;
const stateOf = async (w: World) => (await deviceRow(w.lock.id)).state;

/** Runs `fn` with the adapter's time limit for a bridge's answer lowered (in this process). */
const withTimeout = <T>(ms: number, fn: () => Promise<T>): Promise<T> =>
  withConfig({ BRIDGE_TIMEOUT_MS: String(ms) }, fn);

for (const h of harnesses) {
  describe(`adapter conformance: ${h.name}, through the HTTP adapter`, () => {
    let world: World | undefined;
    const setup = async () => (world = await h.setup());
    beforeAll(() => h.start(), 60_000);
    afterEach(async () => {
      if (world) await h.reset(world);
      world = undefined;
    });
    afterAll(() => h.stop());

    it('commands: unlock, lock and pull end where the lock says, each with its entry', async () => {
      const w = await setup();
      for (const [op, state, event] of [
        ['unlock', 2, 33],
        ['lock', 6, 32],
        ['pull', 7, 51],
      ] as const) {
        const r = await command(w, op);
        expect(r.status, op).toBe(202);
        expect(await finished(w, r.json.result.operationId)).toMatchObject({ result: 0 });
        expect(await stateOf(w), op).toBe(state);
        expect((await eventsOf(w.lock.id)).at(-1)).toBe(event);
      }
      // the latch lets go by the lock's own clock: unlocked again, with no entry of its own
      await w.hw.advance(2_500);
      await eventually(async () => (await stateOf(w)) === 2);
      expect(await eventsOf(w.lock.id)).toEqual([33, 32, 51]);
    });

    it('busy is the lock’s answer: a command while another runs is refused (409), only the first is recorded', async () => {
      const w = await setup();
      await w.hw.commandMs(2000);
      const first = await command(w, 'unlock');
      expect(first.status).toBe(202);
      const second = await command(w, 'lock');
      expect(second.status).toBe(409);
      expect(second.json.errorMessages[0]).toMatch(/another request/i);
      expect(await stateOf(w)).toBe(4); // the lock shows the command it does work on
      await w.hw.commandMs(null);
      expect(await finished(w, first.json.result.operationId)).toMatchObject({ result: 0 });
      expect(await eventsOf(w.lock.id)).toEqual([33]);
    });

    it('a lock that stays silent: not confirmed (2), 20001, the lock where it was; a jam: 1, semi-locked, 40', async () => {
      const w = await setup();
      await w.hw.fault('timeout');
      const r = await command(w, 'unlock');
      expect(await finished(w, r.json.result.operationId)).toMatchObject({ result: 2 });
      expect((await lockView(w)).deviceState).toMatchObject({ state: 6, stateChangeResult: 2 });
      await w.hw.fault('jam');
      const j = await command(w, 'unlock');
      expect(await finished(w, j.json.result.operationId)).toMatchObject({ result: 1 });
      expect((await lockView(w)).deviceState).toMatchObject({ state: 3, stateChangeResult: 1 });
      expect(await eventsOf(w.lock.id)).toEqual([20001, 40]);
    });

    it('a bridge that refuses connections: 428 with an entry, the bridge shown offline (20004); back when it is (20003)', async () => {
      const w = await setup();
      const t0 = await activityMark();
      await w.hw.network({ online: false });
      const r = await command(w, 'unlock');
      expect(r.status).toBe(428);
      expect(r.json.errorMessages[0]).toMatch(/bridge cannot be reached/);
      expect(await eventsOf(w.lock.id)).toEqual([20002]);
      expect(await eventsOf(w.bridge.id, t0)).toEqual([20004]);
      expect((await lockView(w)).isConnected).toBe(false);
      // known offline: the next one fails at once, nothing sent
      expect((await command(w, 'unlock')).status).toBe(428);
      await w.hw.network({ online: true }); // it announces itself (backend-connection-changed)
      expect(await eventsOf(w.bridge.id, t0)).toEqual([20004, 20003]);
      expect((await command(w, 'unlock')).status).toBe(202);
    });

    it('a bridge that does not answer: 408 within the time limit, 20001, shown offline', async () => {
      const w = await setup();
      const t0 = await activityMark();
      await w.hw.network({ hang: true });
      const r = await withTimeout(700, () => command(w, 'unlock'));
      expect(r.status).toBe(408);
      expect(await eventsOf(w.lock.id)).toEqual([20001]);
      expect(await eventsOf(w.bridge.id, t0)).toEqual([20004]);
      expect((await deviceRow(w.lock.id)).state).toBe(6);
    });

    it('a token changed in the Tedee app: 428 saying so, and nothing reaches the lock', async () => {
      const w = await setup();
      await w.hw.network({ token: 'changed-in-the-app' });
      const r = await command(w, 'unlock');
      expect(r.status).toBe(428);
      expect(r.json.errorMessages[0]).toMatch(/refused the service.s API token/);
      expect((await w.hw.state()).state).toBe(6);
      expect(await eventsOf(w.lock.id)).toEqual([20002]);
    });

    it('a lock that lost its link to the bridge (device-connection-changed): disconnected, 428; and back', async () => {
      const w = await setup();
      await w.hw.link(false);
      expect((await lockView(w)).isConnected).toBe(false);
      expect((await outbox(w.lock.id)).map((o) => [o.event, (o.payload as any).data.isConnected])).toEqual([
        ['device-connection-changed', false],
      ]);
      const r = await command(w, 'unlock');
      expect(r.status).toBe(428);
      expect(r.json.errorMessages[0]).toMatch(/lost its link/);
      await w.hw.link(true);
      expect((await lockView(w)).isConnected).toBe(true);
      expect((await command(w, 'unlock')).status).toBe(202);
    });

    it('the bridge’s link to the backend (backend-connection-changed) is its connectivity: 20004, 428, then 20003', async () => {
      const w = await setup();
      const t0 = await activityMark();
      await w.hw.network({ backendConnected: false });
      expect((await deviceRow(w.bridge.id)).isConnected).toBe(false);
      expect((await lockView(w)).isConnected).toBe(false);
      expect((await command(w, 'unlock')).status).toBe(428);
      await w.hw.network({ backendConnected: true });
      expect(await eventsOf(w.bridge.id, t0)).toEqual([20004, 20003]);
      expect((await command(w, 'unlock')).status).toBe(202);
    });

    it('news from the door: button and knob, bell, battery and charging, the door and its alert, auto lock by the lock’s clock', async () => {
      const w = await setup();
      await w.hw.press('knob', 'unlock');
      expect(await stateOf(w)).toBe(2);
      await w.hw.press('button', 'lock');
      await w.hw.press('button', 'unlock');
      await w.hw.press('knob', 'lock');
      expect(await stateOf(w)).toBe(6);
      await w.hw.bell();
      await w.hw.battery(15, true);
      expect((await lockView(w)).deviceState).toMatchObject({ batteryLevel: 15, isCharging: true });
      await w.hw.battery(15, false);
      await w.hw.sensor(true);
      await w.hw.settings({ openDoorAlertEnabled: true, openDoorAlertThreshold: 60 });
      await w.hw.door(true);
      expect((await deviceRow(w.lock.id)).doorState).toBe(2);
      await w.hw.advance(61_000);
      await w.hw.door(false);
      await w.hw.settings({ autoLockEnabled: true, autoLockDelay: 30 });
      await w.hw.press('knob', 'unlock');
      await w.hw.advance(31_000);
      expect(await stateOf(w)).toBe(6);
      expect(await eventsOf(w.lock.id)).toEqual([39, 34, 35, 38, 20006, 46, 20005, 50, 83, 86, 84, 39, 36]);
      expect((await outbox(w.lock.id)).map((o) => o.event)).toContain('bell-button-pressed');
    });

    it('PINs reach the lock and its keypad judges them: 61 with the alias, 75 outside its time, five wrong to a lockout (20007)', async () => {
      const w = await setup();
      const add = (body: Record<string, unknown>) =>
        api('POST', `/api/v37/my/lock/${w.lock.id}/pin`, { key: w.owner.key, body });
      expect((await add({ alias: 'Dog walker', pin: '729104' })).status).toBe(201);
      expect(
        (
          await add({
            alias: 'Next week',
            pin: '481920',
            startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          })
        ).status,
      ).toBe(201);
      expect(await w.hw.keypad('729104')).toMatchObject({ outcome: 'unlocked', unlocked: true });
      expect(await stateOf(w)).toBe(2);
      expect(await w.hw.keypad('481920')).toMatchObject({ outcome: 'outsideTime', unlocked: false });
      for (let i = 0; i < 5; i++) await w.hw.keypad('000000');
      expect(await w.hw.keypad('729104')).toMatchObject({ outcome: 'ignored', unlocked: false });
      const acts = await since(w.lock.id);
      expect(acts.map((a) => [a.event, a.username])).toEqual([
        [61, 'Dog walker'],
        [75, 'Next week'],
        [62, ''],
        [62, ''],
        [62, ''],
        [62, ''],
        [62, ''],
        [20007, ''],
      ]);
    });

    it('settings reach the lock, it confirms them (deviceRevision, one device-settings-changed) and works with them', async () => {
      const w = await setup();
      const r = await api('PATCH', '/api/v37/my/lock', {
        key: w.owner.key,
        body: { id: w.lock.id, revision: 1, deviceSettings: { autoLockEnabled: true, autoLockDelay: 20 } },
      });
      expect(r.status).toBe(200);
      expect(await lockView(w)).toMatchObject({ revision: 2, targetDeviceRevision: 2, deviceRevision: 2 });
      expect((await outbox(w.lock.id)).filter((o) => o.event === 'device-settings-changed')).toHaveLength(1);
      await w.hw.press('knob', 'unlock');
      await w.hw.advance(21_000);
      expect(await stateOf(w)).toBe(6);
      expect((await eventsOf(w.lock.id)).slice(-2)).toEqual([39, 36]);
    });

    it('a lost event is repaired by the re-read (GET /lock); the lost one arriving late changes nothing', async () => {
      const w = await setup();
      await w.hw.delivery({ drop: 1 });
      await w.hw.press('knob', 'unlock');
      expect(await stateOf(w)).toBe(6); // the service did not hear of it
      const lost = (await w.hw.sent()).length - 1;
      await reconcileBridge(await db(), w.bridge.id);
      expect(await stateOf(w)).toBe(2);
      // a re-read says where, not why: the state and the status event, no entry naming a cause
      expect(await eventsOf(w.lock.id)).toEqual([]);
      expect((await outbox(w.lock.id)).map((o) => (o.payload as any).data.state)).toEqual([2]);
      await w.hw.press('knob', 'lock');
      expect(await stateOf(w)).toBe(6);
      await w.hw.replay(lost);
      expect(await stateOf(w)).toBe(6);
      expect(await eventsOf(w.lock.id)).toEqual([38]);
    });

    it('a duplicated event applies once; a forged one (401) and a replayed one (409) are refused and record nothing', async () => {
      const w = await setup();
      await w.hw.delivery({ duplicate: true });
      await w.hw.press('knob', 'unlock');
      await w.hw.delivery({ duplicate: false });
      expect(await eventsOf(w.lock.id)).toEqual([39]);
      expect(await outbox(w.lock.id)).toHaveLength(1);
      const url = `${config().BRIDGE_CALLBACK_URL}/api/bridge/${w.bridge.id}/events`;
      const last = (await w.hw.sent()).at(-1)!;
      const newer = {
        ...last,
        timestamp: new Date(Date.parse(last.timestamp) + 60_000).toISOString(),
        data: { ...last.data, state: 6 },
      };
      const post = (body: unknown, secret: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CALLBACK_SECRET_HEADER]: secret },
          body: JSON.stringify(body),
        });
      expect((await post(newer, 'not-the-secret')).status).toBe(401);
      expect((await post(newer, '')).status).toBe(401);
      const secret = (await callbackSecretOf(await db(), w.bridge.id))!;
      expect((await post(last, secret)).status).toBe(409);
      expect(await stateOf(w)).toBe(2);
      expect(await eventsOf(w.lock.id)).toEqual([39]);
      expect(await outbox(w.lock.id)).toHaveLength(1);
    });

    it('a bridge that restarted forgot our callback: the re-read registers it again and catches up', async () => {
      const w = await setup();
      await w.hw.restart();
      expect(await w.hw.callbacks()).toEqual([]);
      await w.hw.press('knob', 'unlock');
      expect(await stateOf(w)).toBe(6);
      await reconcileBridge(await db(), w.bridge.id);
      expect((await w.hw.callbacks()).map((c) => c.url)).toEqual([
        `${config().BRIDGE_CALLBACK_URL}/api/bridge/${w.bridge.id}/events`,
      ]);
      const [link] = await (await db()).select().from(bridgeLinks).where(eq(bridgeLinks.bridgeId, w.bridge.id));
      expect(link.callbackId).toBe((await w.hw.callbacks())[0].id);
      expect(await stateOf(w)).toBe(2);
      await w.hw.press('knob', 'lock');
      expect(await stateOf(w)).toBe(6);
      expect(await eventsOf(w.lock.id)).toEqual([38]);
    });

    it('a bridge without our extension (a Tedee bridge): PINs and settings refused in words (412), nothing saved; commands work', async () => {
      const w = await setup();
      await w.hw.network({ extension: false });
      await reconcileBridge(await db(), w.bridge.id);
      const pin = await api('POST', `/api/v37/my/lock/${w.lock.id}/pin`, {
        key: w.owner.key,
        body: { alias: 'Cleaner', pin: '729104' },
      });
      expect(pin.status).toBe(412);
      expect(pin.json.errorMessages[0]).toMatch(/cannot keep PIN codes.*Tedee app/);
      const settings = await api('PATCH', '/api/v37/my/lock', {
        key: w.owner.key,
        body: { id: w.lock.id, revision: 1, deviceSettings: { autoLockEnabled: true } },
      });
      expect(settings.status).toBe(412);
      expect(await lockView(w)).toMatchObject({ revision: 1, targetDeviceRevision: 1 });
      const r = await command(w, 'unlock');
      expect(r.status).toBe(202);
      expect(await finished(w, r.json.result.operationId)).toMatchObject({ result: 0 });
    });
  });
}

import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import * as schema from '@/db/schema';
import { accessLinks, lockPins, webhookSubscriptions } from '@/db/schema';
import { currentSecretPrefix, decryptSecret, keyedHash } from '@/lib/crypto/secrets';
import { rotateSecrets, STORED_SECRETS } from '@/lib/crypto/rotate';
import { db, grantUser, lockWithCast } from '../support/factories/core';
import { orgWithCast, createGate } from '../support/factories/organization';
import { insertPins } from '../support/factories/pins';
import { createSubscription } from '../support/factories/webhooks';
import { api } from '../support/router';
import { firstVersionBox, newSecret } from '../support/secrets';

/**
 * Rotating APP_SECRET (docs/security.md, "Deployment"): the servers run with the new secret and the
 * old one as APP_SECRET_PREVIOUS, everything still reads; `secrets:rotate` re-encrypts what is
 * stored; then the old secret is no longer needed. (setConfig puts the test run's secrets back.)
 */
const secret = newSecret;

describe('rotating APP_SECRET', () => {
  it('with APP_SECRET_PREVIOUS everything still reads; secrets:rotate rewrites it all under the new secret; then the old one is not needed', async () => {
    const old = secret();
    setConfig({ APP_SECRET: old });
    const { owner, lock } = await lockWithCast();
    const [pinId, legacyPinId] = await insertPins(lock.id, [{ value: '640213' }, { value: '517392' }]);
    const c = await orgWithCast();
    const gate = await createGate(c.org.id);
    await grantUser(gate.id, c.owner.id, 2); // a link gives no more than its maker may use
    const link = await api('POST', `/api/v37/organization/${c.org.id}/accesslink`, {
      key: c.owner.key,
      body: { name: 'rotated', deviceIds: [gate.id] },
    });
    const hook = await createSubscription({ url: 'https://hooks.example.com/x', userId: owner.id });
    const d = await db();
    // a PIN still in the first version's form, under the old secret
    await d
      .update(lockPins)
      .set({ valueCiphertext: firstVersionBox('517392', old) })
      .where(eq(lockPins.id, legacyPinId));

    setConfig({ APP_SECRET: secret(), APP_SECRET_PREVIOUS: old });
    const pin = (id: number) => api('GET', `/api/v37/my/lock/${lock.id}/pin/${id}`, { key: owner.key });
    expect((await pin(pinId)).json.result.pin).toBe('640213');
    expect((await pin(legacyPinId)).json.result.pin).toBe('517392');

    const report = await rotateSecrets(d);
    expect(report.rewritten.lock_pins).toBeGreaterThanOrEqual(2);
    const pins = await d
      .select()
      .from(lockPins)
      .where(inArray(lockPins.id, [pinId, legacyPinId]));
    for (const p of pins) {
      expect(p.valueCiphertext.startsWith(currentSecretPrefix())).toBe(true);
      // the keyed hash is of the new secret too: duplicate PINs are still recognized
      expect(p.valueHmac).toBe(keyedHash(p.id === pinId ? '640213' : '517392', `pin:${lock.id}`));
    }
    const [l] = await d.select().from(accessLinks).where(eq(accessLinks.id, link.json.result.id));
    const [w] = await d.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, hook.id));
    expect(
      l.tokenCiphertext.startsWith(currentSecretPrefix()) && w.secretCiphertext.startsWith(currentSecretPrefix()),
    ).toBe(true);

    setConfig({ APP_SECRET_PREVIOUS: undefined });
    expect((await pin(legacyPinId)).json.result.pin).toBe('517392');
    expect(decryptSecret(l.tokenCiphertext, 'access_links', l.id)).toBe(link.json.result.url.split('/link/')[1]);
    expect(decryptSecret(w.secretCiphertext, 'webhook_subscriptions', w.id)).toBe(hook.secret);
    const dup = await api('POST', `/api/v37/my/lock/${lock.id}/pin`, {
      key: owner.key,
      body: { alias: 'again', pin: '640213' },
    });
    expect(dup.status).toBe(406);

    // running it again finds nothing of these left to do
    await rotateSecrets(d);
    const [again] = await d.select().from(lockPins).where(eq(lockPins.id, pinId));
    expect(again.valueCiphertext).toBe(pins.find((p) => p.id === pinId)!.valueCiphertext);
  });

  it('a ciphertext no known secret opens is left as it is and reported', async () => {
    const { lock } = await lockWithCast();
    const [pinId] = await insertPins(lock.id, [{ value: '640213' }]);
    const d = await db();
    const foreign = firstVersionBox('640213', secret());
    await d.update(lockPins).set({ valueCiphertext: foreign }).where(eq(lockPins.id, pinId));
    const report = await rotateSecrets(d);
    expect(report.unreadable.lock_pins).toBeGreaterThanOrEqual(1);
    const [row] = await d.select().from(lockPins).where(eq(lockPins.id, pinId));
    expect(row.valueCiphertext).toBe(foreign);
  });

  it('knows every encrypted column of the schema (a new one would stay under the old secret)', () => {
    const columns: string[] = [];
    for (const t of Object.values(schema)) {
      const cols = (t as unknown as Record<symbol, Record<string, { name: string }> | undefined>)[
        Symbol.for('drizzle:Columns')
      ];
      const name = (t as unknown as Record<symbol, string | undefined>)[Symbol.for('drizzle:Name')];
      if (!cols || !name) continue;
      for (const c of Object.values(cols)) if (c.name.endsWith('_ciphertext')) columns.push(`${name}.${c.name}`);
    }
    expect(columns.sort()).toEqual(STORED_SECRETS.map((s) => `${s.table}.${s.column}`).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { pendingInvitations } from '@/lib/domain/account/pending-invitations';
import { createUser, ctxOf } from '../support/factories/core';
import { orgWithCast } from '../support/factories/organization';
import { sharingCast } from '../support/factories/access';
import { api } from '../support/router';

/** Issue 33: Home shows the invitations waiting for the signed-in person first. */

describe('pendingInvitations', () => {
  it('the open invitations to the person’s confirmed address, organization and door; not withdrawn ones, not others’', async () => {
    const c = await orgWithCast();
    const s = await sharingCast();
    const nina = await createUser({ displayName: 'Nina New' });
    const other = await createUser();
    const inv = await api('POST', `/api/v37/organization/${c.org.id}/user`, {
      key: c.owner.key,
      body: { email: nina.email.toUpperCase(), role: 2, groupIds: [] },
    });
    expect(inv.status).toBeLessThan(300);
    // a door invitation needs an address without an account: this one shares with the account directly
    expect(
      (
        await api('POST', `/api/v37/my/device/${s.lock.id}/access`, {
          key: s.owner.key,
          body: {
            principalType: 0,
            userEmail: 'no-account-yet@mail.test',
            accessLevel: 0,
            remoteAccessDisabled: false,
          },
        })
      ).status,
    ).toBeLessThan(300);
    const mine = await pendingInvitations(await ctxOf(nina));
    expect(mine).toEqual([
      {
        kind: 'organization',
        name: c.org.name,
        as: 'member',
        invitedBy: c.owner.displayName,
        expiresAt: expect.any(String),
      },
    ]);
    expect(Date.parse(mine[0].expiresAt)).toBeGreaterThan(Date.now());
    expect(await pendingInvitations(await ctxOf(other))).toEqual([]);

    // withdrawn: gone from Home
    const id = inv.json.result.invitationId ?? inv.json.result.id;
    expect(
      (await api('DELETE', `/api/v37/organization/${c.org.id}/invitation/${id}`, { key: c.owner.key })).status,
    ).toBeLessThan(300);
    expect(await pendingInvitations(await ctxOf(nina))).toEqual([]);
  });

  it('a door invitation sent before the person had an account shows once they have one', async () => {
    const s = await sharingCast();
    const email = `door-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@mail.test`;
    const shared = await api('POST', `/api/v37/my/device/${s.lock.id}/access`, {
      key: s.owner.key,
      body: { principalType: 0, userEmail: email, accessLevel: 0, remoteAccessDisabled: false },
    });
    expect(shared.status).toBeLessThan(300);
    const ivy = await createUser({ email });
    expect(await pendingInvitations(await ctxOf(ivy))).toEqual([
      { kind: 'device', name: s.lock.name, as: 'guest', invitedBy: s.owner.displayName, expiresAt: expect.any(String) },
    ]);
  });

  it('nothing for an address not confirmed yet', async () => {
    const c = await orgWithCast();
    const unconfirmed = await createUser({ unverified: true });
    await api('POST', `/api/v37/organization/${c.org.id}/user`, {
      key: c.owner.key,
      body: { email: unconfirmed.email, role: 2, groupIds: [] },
    });
    expect(await pendingInvitations(await ctxOf(unconfirmed))).toEqual([]);
  });
});

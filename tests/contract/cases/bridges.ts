import { randomUUID } from 'node:crypto';
import { virtualHost } from '../../support/bridges';
import { addOrgUser, createBridge, createLock, createOrg, createUser } from '../../support/factories/core';
import { defineCases, ORG_READ, ORG_WRITE } from '../types';

/**
 * The organization's bridges (ours, docs/api-compatibility.md): adding one by its local API needs an
 * organization administrator; the bridge is a virtual one of this test process, not yet the service's.
 */

async function world() {
  const [me, other] = await Promise.all([createUser(), createUser()]);
  const [org, otherOrg] = await Promise.all([createOrg(), createOrg()]);
  await addOrgUser(org.id, me.id, 1);
  await addOrgUser(otherOrg.id, other.id, 2);
  return { me, org, otherOrg };
}

/** A bridge on the network that the service does not have yet, with one lock. */
async function newBridge() {
  const token = randomUUID().slice(0, 12);
  const hw = (await virtualHost()).add({
    serialNumber: `NEW-${randomUUID().slice(0, 8)}`,
    name: 'Bridge-new',
    token,
    locks: [{ serialNumber: `NL-${randomUUID().slice(0, 8)}`, name: 'Lock-new' }],
  });
  return { address: hw.baseUrl.replace('http://', ''), token };
}

export const cases = defineCases([
  {
    route: '/api/v37/organization/[organizationId]/bridge',
    method: 'GET',
    scopes: ORG_READ,
    setup: async () => {
      const { me, org, otherOrg } = await world();
      await createBridge({ organizationId: org.id });
      return {
        as: me,
        url: `/api/v37/organization/${org.id}/bridge`,
        foreign: { url: `/api/v37/organization/${otherOrg.id}/bridge` },
        malformed: [{ url: '/api/v37/organization/abc/bridge' }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/bridge/check',
    method: 'POST',
    scopes: ORG_WRITE,
    ok: [200],
    setup: async () => {
      const { me, org, otherOrg } = await world();
      const b = await newBridge();
      return {
        as: me,
        url: `/api/v37/organization/${org.id}/bridge/check`,
        body: b,
        foreign: { url: `/api/v37/organization/${otherOrg.id}/bridge/check`, body: b },
        malformed: [
          { url: `/api/v37/organization/${org.id}/bridge/check`, body: { address: '', token: b.token } },
          { url: `/api/v37/organization/${org.id}/bridge/check`, body: { ...b, tokenMode: 'hashed' } },
          { url: `/api/v37/organization/${org.id}/bridge/check`, body: { address: 'bridge.local', token: b.token } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/bridge',
    method: 'POST',
    scopes: ORG_WRITE,
    ok: [201],
    setup: async () => {
      const { me, org, otherOrg } = await world();
      const b = await newBridge();
      const body = { ...b, name: 'Hall bridge', locks: [{ id: 1, name: 'Hall door' }] };
      return {
        as: me,
        url: `/api/v37/organization/${org.id}/bridge`,
        body,
        foreign: { url: `/api/v37/organization/${otherOrg.id}/bridge`, body },
        malformed: [
          { url: `/api/v37/organization/${org.id}/bridge`, body: { ...body, locks: [{ id: 0, name: 'x' }] } },
          { url: `/api/v37/organization/${org.id}/bridge`, body: { ...body, locks: [{ id: 1, name: '' }] } },
          { url: `/api/v37/organization/${org.id}/bridge`, body: { ...body, address: '8.8.8.8' } },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/bridge/[bridgeId]',
    method: 'DELETE',
    scopes: ORG_WRITE,
    ok: [204],
    setup: async () => {
      const { me, org, otherOrg } = await world();
      const mine = await createBridge({ organizationId: org.id });
      await createLock({ bridge: mine, organizationId: org.id });
      const theirs = await createBridge({ organizationId: otherOrg.id });
      return {
        as: me,
        url: `/api/v37/organization/${org.id}/bridge/${mine.id}`,
        foreign: { url: `/api/v37/organization/${otherOrg.id}/bridge/${theirs.id}` },
        malformed: [{ url: `/api/v37/organization/${org.id}/bridge/abc` }],
      };
    },
  },
]);

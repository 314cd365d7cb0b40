import { addOrgUser, createOrg, createUser, type TestUser } from '../../support/factories/core';
import { createSubscription } from '../../support/factories/webhooks';
import { api } from '../../support/router';
import { defineCases, type ContractCase, type Prepared, ORG_READ, ORG_WRITE } from '../types';

/**
 * Webhooks (issue 8), under /my and /organization/{id}. Endpoints point at a closed loopback port:
 * a test send or redelivery answers 202 with a failed attempt, which is all the contract needs.
 */
const URL_OK = 'http://127.0.0.1:9/contract-hook';
const BODY = { url: URL_OK, events: ['bell-button-pressed'] };
const MY_READ: ContractCase['scopes'] = ['Device.Read', 'Device.ReadWrite', 'Account.Read', 'Account.ReadWrite'];
const MY_WRITE: ContractCase['scopes'] = ['Device.ReadWrite', 'Account.ReadWrite'];

interface World {
  as: TestUser;
  base: string;
  hook: string;
  delivery: number;
  foreignBase: string;
  foreignHook: string;
  foreignDelivery: number;
}

/** A hook with one delivery for the caller, and the same for someone the caller cannot see. */
async function world(kind: 'my' | 'org'): Promise<World> {
  const [me, other] = await Promise.all([createUser(), createUser()]);
  let base = '/api/v37/my/webhook';
  let foreignBase = base;
  let mine, theirs;
  if (kind === 'my') {
    [mine, theirs] = await Promise.all([
      createSubscription({ url: URL_OK, userId: me.id }),
      createSubscription({ url: URL_OK, userId: other.id }),
    ]);
  } else {
    const [org, otherOrg] = await Promise.all([createOrg(), createOrg()]);
    await addOrgUser(org.id, me.id, 1);
    await addOrgUser(otherOrg.id, other.id, 2);
    base = `/api/v37/organization/${org.id}/webhook`;
    foreignBase = `/api/v37/organization/${otherOrg.id}/webhook`;
    [mine, theirs] = await Promise.all([
      createSubscription({ url: URL_OK, organizationId: org.id }),
      createSubscription({ url: URL_OK, organizationId: otherOrg.id }),
    ]);
  }
  const send = async (u: TestUser, b: string, id: string) =>
    (await api('POST', `${b}/${id}/test`, { key: u.key })).json.result.id as number;
  return {
    as: me,
    base,
    hook: `${base}/${mine.id}`,
    delivery: await send(me, base, mine.id),
    foreignBase,
    foreignHook: kind === 'my' ? `${base}/${theirs.id}` : `${foreignBase}/${theirs.id}`,
    foreignDelivery: await send(other, foreignBase, theirs.id),
  };
}

const BAD_ID = 'not-a-uuid';

function casesFor(
  kind: 'my' | 'org',
  route: string,
  read: ContractCase['scopes'],
  write: ContractCase['scopes'],
): ContractCase[] {
  const prep = (f: (w: World) => Prepared) => async () => f(await world(kind));
  return [
    {
      route,
      method: 'GET',
      scopes: read,
      ok: [200],
      setup: prep((w) => ({
        as: w.as,
        url: w.base,
        ...(kind === 'org'
          ? { foreign: { url: w.foreignBase }, malformed: { url: '/api/v37/organization/abc/webhook' } }
          : {}),
      })),
      ...(kind === 'my' ? { noForeign: 'lists only the caller’s own webhooks', noMalformed: 'takes no input' } : {}),
    },
    {
      route,
      method: 'POST',
      scopes: write,
      ok: [201],
      setup: prep((w) => ({
        as: w.as,
        url: w.base,
        body: BODY,
        ...(kind === 'org' ? { foreign: { url: w.foreignBase, body: BODY } } : {}),
        malformed: [
          { url: w.base, body: { ...BODY, events: [] } },
          { url: w.base, body: { ...BODY, url: 'ftp://x.example' } },
          { url: w.base, body: { ...BODY, url: 'http://10.0.0.1/' } },
          { url: w.base, body: '{nope' },
        ],
      })),
      ...(kind === 'my' ? { noForeign: 'creates under the caller' } : {}),
    },
    {
      route: `${route}/[id]`,
      method: 'GET',
      scopes: read,
      ok: [200],
      setup: prep((w) => ({
        as: w.as,
        url: w.hook,
        foreign: { url: w.foreignHook },
        malformed: { url: `${w.base}/${BAD_ID}` },
      })),
    },
    {
      route: `${route}/[id]`,
      method: 'PATCH',
      scopes: write,
      ok: [200],
      setup: prep((w) => ({
        as: w.as,
        url: w.hook,
        body: { enabled: false },
        foreign: { url: w.foreignHook, body: { enabled: false } },
        malformed: [
          { url: w.hook, body: {} },
          { url: w.hook, body: { events: ['nope'] } },
          { url: `${w.base}/${BAD_ID}`, body: { enabled: false } },
        ],
      })),
    },
    {
      route: `${route}/[id]`,
      method: 'DELETE',
      scopes: write,
      ok: [204],
      setup: prep((w) => ({
        as: w.as,
        url: w.hook,
        foreign: { url: w.foreignHook },
        malformed: { url: `${w.base}/${BAD_ID}` },
      })),
    },
    {
      route: `${route}/[id]/test`,
      method: 'POST',
      scopes: write,
      ok: [202],
      setup: prep((w) => ({
        as: w.as,
        url: `${w.hook}/test`,
        foreign: { url: `${w.foreignHook}/test` },
        malformed: { url: `${w.base}/${BAD_ID}/test` },
      })),
    },
    {
      route: `${route}/[id]/delivery`,
      method: 'GET',
      scopes: read,
      ok: [200],
      setup: prep((w) => ({
        as: w.as,
        url: `${w.hook}/delivery`,
        foreign: { url: `${w.foreignHook}/delivery` },
        malformed: [
          { url: `${w.hook}/delivery?itemsPerPage=101` },
          { url: `${w.hook}/delivery?status=lost` },
          { url: `${w.base}/${BAD_ID}/delivery` },
        ],
      })),
    },
    {
      route: `${route}/[id]/delivery/[deliveryId]/redeliver`,
      method: 'POST',
      scopes: write,
      ok: [202],
      setup: prep((w) => ({
        as: w.as,
        url: `${w.hook}/delivery/${w.delivery}/redeliver`,
        // someone else's delivery id under the caller's own webhook is as unseen as their webhook
        foreign: { url: `${w.hook}/delivery/${w.foreignDelivery}/redeliver` },
        malformed: [
          { url: `${w.hook}/delivery/abc/redeliver` },
          { url: `${w.base}/${BAD_ID}/delivery/${w.delivery}/redeliver` },
        ],
      })),
    },
  ];
}

export const cases = defineCases([
  ...casesFor('my', '/api/v37/my/webhook', MY_READ, MY_WRITE),
  ...casesFor('org', '/api/v37/organization/[organizationId]/webhook', ORG_READ, ORG_WRITE),
]);

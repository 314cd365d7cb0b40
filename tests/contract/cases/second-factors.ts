import { generate } from 'otplib';
import { relyingParty } from '@/lib/auth/webauthn';
import { createUser, type TestUser } from '../../support/factories/core';
import { orgWithCast } from '../../support/factories/organization';
import { api } from '../../support/router';
import { SoftAuthenticator } from '../../support/webauthn';
import { ACCOUNT, type ContractCase, defineCases, type Method, OWN_ACCOUNT } from '../types';
import { aClient } from '../clients';

/** Second factors (issue 17): Settings > Security's authenticator app and passkeys, passkey sign-in, the organization's rule. */
const ORG = (id: number) => `/api/v37/organization/${id}/security`;

/** A started authenticator-app setup; the current code. */
async function started(u: TestUser): Promise<string> {
  const r = await api('POST', `${ACCOUNT}/secondfactor/totp`, { key: u.key });
  return generate({ secret: r.json.result.secret });
}

async function confirmed(u: TestUser) {
  await api('PUT', `${ACCOUNT}/secondfactor/totp`, { key: u.key, body: { code: await started(u) } });
}

async function passkeyAnswer(u: TestUser) {
  const o = await api('POST', `${ACCOUNT}/passkey/options`, { key: u.key });
  return {
    challengeId: o.json.result.challengeId as string,
    name: 'Contract',
    response: new SoftAuthenticator(relyingParty().origin).create(o.json.result.options),
  };
}

async function passkeyOf(u: TestUser): Promise<string> {
  return (await api('POST', `${ACCOUNT}/passkey`, { key: u.key, body: await passkeyAnswer(u) })).json.result.id;
}

/**
 * A write on the caller's own account that a confirmed authenticator app guards: it takes the
 * caller's password; malformed are no password and `badPassword`.
 */
const withPassword = (path: string, method: Method, ok: number, badPassword: unknown): ContractCase => ({
  route: `${ACCOUNT}/${path}`,
  method,
  scopes: ['Account.ReadWrite'],
  ok: [ok],
  noForeign: OWN_ACCOUNT,
  setup: async () => {
    const as = await createUser();
    await confirmed(as);
    const url = `${ACCOUNT}/${path}`;
    return {
      as,
      url,
      body: { password: as.password },
      malformed: [
        { url, body: {} },
        { url, body: { password: badPassword } },
      ],
    };
  },
});

export const cases = defineCases([
  {
    route: `${ACCOUNT}/secondfactor`,
    method: 'GET',
    scopes: ['Account.Read', 'Account.ReadWrite'],
    ok: [200],
    noForeign: OWN_ACCOUNT,
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${ACCOUNT}/secondfactor` }),
  },
  {
    route: `${ACCOUNT}/secondfactor/totp`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [201],
    noForeign: OWN_ACCOUNT,
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${ACCOUNT}/secondfactor/totp` }),
  },
  {
    route: `${ACCOUNT}/secondfactor/totp`,
    method: 'PUT',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: OWN_ACCOUNT,
    setup: async () => {
      const as = await createUser();
      const code = await started(as);
      const url = `${ACCOUNT}/secondfactor/totp`;
      return {
        as,
        url,
        body: { code },
        malformed: [
          { url, body: {} },
          { url, body: { code: 123456 } },
          { url, body: { code: '1'.repeat(21) } },
        ],
      };
    },
  },
  withPassword('secondfactor/totp', 'DELETE', 204, 'x'.repeat(1025)),
  withPassword('secondfactor/recoverycodes', 'POST', 200, 5),
  {
    route: `${ACCOUNT}/passkey/options`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [200],
    noForeign: OWN_ACCOUNT,
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: `${ACCOUNT}/passkey/options` }),
  },
  {
    route: `${ACCOUNT}/passkey`,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [201],
    noForeign: OWN_ACCOUNT,
    setup: async () => {
      const as = await createUser();
      const body = await passkeyAnswer(as);
      const url = `${ACCOUNT}/passkey`;
      return {
        as,
        url,
        body,
        malformed: [
          { url, body: { ...body, name: 'x'.repeat(101) } },
          { url, body: { ...body, response: { ...body.response, type: 'password' } } },
          {
            url,
            body: {
              ...body,
              response: {
                ...body.response,
                response: { ...body.response.response, attestationObject: 'x'.repeat(16385) },
              },
            },
          },
          { url, body: { name: 'x' } },
        ],
      };
    },
  },
  {
    route: `${ACCOUNT}/passkey/[id]`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    setup: async () => {
      const as = await createUser();
      const other = await createUser();
      const [mine, theirs] = [await passkeyOf(as), await passkeyOf(other)];
      return {
        as,
        url: `${ACCOUNT}/passkey/${mine}`,
        body: { password: as.password },
        foreign: { url: `${ACCOUNT}/passkey/${theirs}`, body: { password: as.password } },
        malformed: [
          { url: `${ACCOUNT}/passkey/abc`, body: { password: as.password } },
          { url: `${ACCOUNT}/passkey/${mine}`, body: {} },
        ],
      };
    },
  },
  {
    route: '/api/v37/account/passkey/options',
    method: 'POST',
    scopes: 'public',
    ok: [200],
    noForeign:
      'a sign-in challenge for whoever asks; a pending sign-in token that is not live is 400, like a malformed one',
    setup: async () => {
      const headers = aClient();
      const url = '/api/v37/account/passkey/options';
      return {
        url,
        body: {},
        headers,
        malformed: [
          { url, body: { pendingToken: 'x'.repeat(101) }, headers },
          { url, body: { pendingToken: 'not-live' }, headers },
        ],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/security',
    method: 'GET',
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      return {
        as: c.member,
        url: ORG(c.org.id),
        foreign: { url: ORG(c.other.id) },
        malformed: [{ url: '/api/v37/organization/abc/security' }],
      };
    },
  },
  {
    route: '/api/v37/organization/[organizationId]/security',
    method: 'PUT',
    scopes: ['Organization.ReadWrite'],
    ok: [200],
    setup: async () => {
      const c = await orgWithCast();
      const url = ORG(c.org.id);
      return {
        as: c.owner,
        url,
        body: { requireSecondFactor: false },
        foreign: { url: ORG(c.other.id), body: { requireSecondFactor: false } },
        malformed: [
          { url, body: {} },
          { url, body: { requireSecondFactor: 'yes' } },
        ],
      };
    },
  },
]);

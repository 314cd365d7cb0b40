import { createUser } from '../../support/factories/core';
import { connectApp, registerTestApp } from '../../support/oauth';
import { defineCases } from '../types';

/** Third-party apps (issue 32): the apps a person registered and the apps connected to them. */
const DEV = '/api/v37/my/oauthclient';
const CONNECTED = '/api/v37/my/connectedapp';

export const cases = defineCases([
  {
    route: DEV,
    method: 'GET',
    scopes: ['Account.Read', 'Account.ReadWrite'],
    ok: [200],
    noForeign: 'lists only the caller’s own apps (tests/api/oauth.test.ts)',
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: DEV }),
  },
  {
    route: DEV,
    method: 'POST',
    scopes: ['Account.ReadWrite'],
    ok: [201],
    noForeign: 'registers an app of the caller; there is no resource id',
    setup: async () => ({
      as: await createUser(),
      url: DEV,
      body: { name: 'Contract app', redirectUris: ['https://contract.example/cb'] },
      malformed: [
        { url: DEV, body: { name: '', redirectUris: ['https://contract.example/cb'] } },
        { url: DEV, body: { name: 'x', redirectUris: ['http://contract.example/cb'] } },
        { url: DEV, body: { name: 'x', redirectUris: 'https://contract.example/cb' } },
        { url: DEV, body: { name: 'x', redirectUris: ['https://contract.example/cb'], logo: 'data:text/html,hi' } },
        { url: DEV, body: '{not json' },
      ],
    }),
  },
  {
    route: `${DEV}/[clientId]`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    setup: async () => {
      const [me, other] = await Promise.all([createUser(), createUser()]);
      const [mine, theirs] = await Promise.all([registerTestApp(me), registerTestApp(other)]);
      return {
        as: me,
        url: `${DEV}/${mine.clientId}`,
        foreign: { url: `${DEV}/${theirs.clientId}` },
        malformed: [{ url: `${DEV}/not-an-app-id` }, { url: `${DEV}/app_short` }],
      };
    },
  },
  {
    route: CONNECTED,
    method: 'GET',
    scopes: ['Account.Read', 'Account.ReadWrite'],
    ok: [200],
    noForeign: 'lists only the caller’s own connections (tests/api/oauth.test.ts)',
    noMalformed: 'takes no input',
    setup: async () => ({ as: await createUser(), url: CONNECTED }),
  },
  {
    route: `${CONNECTED}/[clientId]`,
    method: 'DELETE',
    scopes: ['Account.ReadWrite'],
    ok: [204],
    setup: async () => {
      const [me, other, dev] = await Promise.all([createUser(), createUser(), createUser()]);
      const [mine, theirs] = await Promise.all([registerTestApp(dev), registerTestApp(dev)]);
      await connectApp(me, mine, ['Device.Read']);
      await connectApp(other, theirs, ['Device.Read']);
      return {
        as: me,
        url: `${CONNECTED}/${mine.clientId}`,
        // an app connected by someone else: nothing of the caller's to disconnect
        foreign: { url: `${CONNECTED}/${theirs.clientId}` },
        malformed: [{ url: `${CONNECTED}/not-an-app-id` }],
      };
    },
  },
]);

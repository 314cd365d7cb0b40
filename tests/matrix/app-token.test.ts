import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories/core';
import { connectApp, registerTestApp, type RegisteredApp } from '../support/oauth';
import { api } from '../support/router';
import { APP_ROWS, APP_TOKEN_SCOPES, type AppColumn } from './app-token';
import { REQUESTS } from './requests';
import { ROWS } from './table';
import { makeWorld, type World } from './world';

/**
 * The app-token columns (app-token.ts): each route and method, asked as table.ts asks it for the
 * owner, with the owner's app's access token instead of the owner's key. Tokens last 10 minutes:
 * a new one is obtained (the whole authorization flow) when the last is older than 5.
 */
describe('the app-token columns cover every row of the matrix', () => {
  it('every row of table.ts has its app-token line, and no other line exists', () => {
    const rows = ROWS.map((r) => r.label);
    const app = APP_ROWS.map((r) => r.label);
    expect({
      missing: rows.filter((l) => !app.includes(l)),
      unknown: app.filter((l) => !rows.includes(l)),
      twice: app.filter((l, i) => app.indexOf(l) !== i),
    }).toEqual({ missing: [], unknown: [], twice: [] });
  });
});

describe('the authorization matrix, app-token columns', () => {
  let w: World;
  let app: RegisteredApp;
  const tokens = new Map<AppColumn, { token: string; at: number }>();
  const tokenFor = async (col: AppColumn) => {
    const t = tokens.get(col);
    if (t && Date.now() - t.at < 5 * 60_000) return t.token;
    const scopes = [...APP_TOKEN_SCOPES[col]];
    const fresh = await connectApp(w.users.owner, app, scopes, scopes, { direct: true });
    expect(fresh.scope.split(' ').sort()).toEqual([...APP_TOKEN_SCOPES[col]].sort());
    tokens.set(col, { token: fresh.access_token, at: Date.now() });
    return fresh.access_token;
  };
  beforeAll(async () => {
    w = await makeWorld();
    app = await registerTestApp(await createUser({ displayName: 'Matrix app developer' }), { name: 'Matrix app' });
  });

  for (const row of APP_ROWS) {
    describe(row.label, () => {
      for (const col of Object.keys(APP_TOKEN_SCOPES) as AppColumn[]) {
        const status = row.expect[col];
        it(`${col} -> ${status}`, async () => {
          const input = await REQUESTS[row.label](w, 'owner');
          const res = await api(row.method, input.url, {
            authorization: `Bearer ${await tokenFor(col)}`,
            body: input.body,
            headers: input.headers,
          });
          expect(res.status, `${row.label} as ${col}: ${res.status} ${res.text.slice(0, 300)}`).toBe(status);
        });
      }
    });
  }
});

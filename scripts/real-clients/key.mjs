#!/usr/bin/env node
// Signs in to a running server as a person (next-auth's credentials form) and prints, as the last
// line, a credential for the clients below: a personal access key (default), or with `app` an
// OAuth access token of an app the person registers and allows through the server's own code flow
// with PKCE (what an app gets instead of the password grant Tedee's retired login offered).
// Usage: node scripts/real-clients/key.mjs http://localhost:8200 owner@demo.test demo-password [app]
import { createHash, randomBytes } from 'node:crypto';

const [base, email, password, mode] = process.argv.slice(2);
const jar = new Map();
const keep = (res) => {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
};
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
const csrfRes = await fetch(`${base}/api/auth/csrf`);
keep(csrfRes);
const { csrfToken } = await csrfRes.json();
const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
  body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
});
keep(signIn);
const created = await fetch(`${base}/api/v37/my/personalaccesskey`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: cookie(), origin: base },
  body: JSON.stringify({
    name: 'real clients',
    days: 1,
    scopes: ['Device.Read', 'Device.ReadWrite', 'Lock.Operate', 'DeviceActivity.Read', 'Mobile.ReadWrite'],
  }),
});
if (created.status !== 201) throw new Error(`no key: ${created.status} ${await created.text()}`);
if (mode !== 'app') {
  console.log((await created.json()).result.key);
  process.exit(0);
}
const key = (await created.json()).result.key;
const redirectUri = 'http://127.0.0.1:9/callback';
const app = await (
  await fetch(`${base}/api/v37/my/oauthclient`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), origin: base },
    body: JSON.stringify({ name: 'Real client', redirectUris: [redirectUri], isPublic: true }),
  })
).json();
const clientId = app.result.clientId;
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const auth = await fetch(
  `${base}/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'Device.Read Device.ReadWrite Lock.Operate DeviceActivity.Read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'real-clients',
  })}`,
  { redirect: 'manual' },
);
keep(auth);
const uid = /\/oauth\/interaction\/([^/?]+)/.exec(auth.headers.get('location') ?? '')?.[1];
const answer = await fetch(`${base}/oauth/interaction/${uid}/answer`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: cookie(), origin: base },
  body: JSON.stringify({ allow: true }),
});
keep(answer);
const resume = await fetch(new URL((await answer.json()).result.redirectTo, base), {
  redirect: 'manual',
  headers: { cookie: cookie() },
});
const code = new URL(resume.headers.get('location')).searchParams.get('code');
const token = await fetch(`${base}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: clientId,
  }),
});
if (token.status !== 200) throw new Error(`no token: ${token.status} ${await token.text()}`);
void key;
console.log((await token.json()).access_token);

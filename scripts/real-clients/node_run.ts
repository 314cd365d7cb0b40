/* eslint-disable @typescript-eslint/no-explicit-any -- drives other projects' clients through their private fields, untyped here */
/**
 * homebridge-tedee 0.4.1 (lukasroegner/homebridge-tedee) and tedee-api-client 0.0.4
 * (solderra/tedee-api-client), their own TedeeApiClient source run with tsx against this server.
 * Only the base URL differs (homebridge-tedee's `apiUri` setting; tedee-api-client's API_BASE_URL,
 * rewritten by run.sh). Their sign-in is Tedee's retired password grant (ROPC) at Tedee's
 * identity provider, which an OAuth 2.1 server does not offer: the run shows that step refused by
 * our token endpoint, then gives the client an access token from our code flow (its cached token
 * field) and runs every call it makes.
 * Usage: tsx node_run.ts <homebridge|tac> <client source dir> <base URL> <access token>
 */
const [which, dir, base, token] = process.argv.slice(2);
const results: Array<[string, boolean, string]> = [];
const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
  try {
    const out = await fn();
    results.push([name, true, '']);
    return out;
  } catch (e) {
    const err = e as { message?: string; response?: { status?: number; data?: unknown } };
    results.push([name, false, `${err.message ?? e}${err.response ? ` ${JSON.stringify(err.response.data)}` : ''}`]);
    return undefined;
  }
};
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, log: () => {} };
const retries = { maximumApiRetry: 1, apiRetryInterval: 100, maximumTokenRetry: 1, tokenRetryInterval: 100 };
const account = { emailAddress: 'owner@demo.test', password: 'demo-password' };

async function main() {
  if (which === 'homebridge') {
    const { TedeeApiClient } = await import(`${dir}/src/lib/clients/tedee-api-client.ts`);
    const platform = {
      configuration: { apiUri: `${base}/api/v37`, tokenUri: `${base}/oauth/token`, ...account, ...retries },
      logger: quiet,
      locks: [] as any[],
    };
    const client = new TedeeApiClient(platform);
    // its sign-in: grant_type=password with Tedee's own app id, at tokenUri (here: our token endpoint)
    await step('sign-in: password grant at tokenUri', () => (client as any).getAccessTokenAsync());
    (client as any).accessToken = token;
    (client as any).expirationDateTime = new Date(Date.now() + 600_000);
    const locks: any[] = (await step('getLocksAsync', () => client.getLocksAsync())) ?? [];
    platform.locks = locks; // what the platform does with them (platform.ts)
    const lock = locks.find((l: any) => l.name === 'Front door') ?? locks[0];
    results.push(['locks read with lockProperties', !!lock?.lockProperties, `${locks.length} locks`]);
    await step('syncLocksAsync', () => client.syncLocksAsync());
    await step('syncLockAsync', () => client.syncLockAsync(lock.id));
    await step('openAsync (POST /my/lock/open, then polling to COMPLETED)', () => client.openAsync(lock.id));
    await step('closeAsync (POST /my/lock/close)', () => client.closeAsync(lock.id));
    await step('openAsync again', () => client.openAsync(lock.id));
    await step('pullSpringAsync (POST /my/lock/pull-spring)', () => client.pullSpringAsync(lock.id));
  } else {
    const { TedeeApiClient } = await import(`${dir}/src/clients/tedee-api-client.ts`);
    const client = new TedeeApiClient({ ...account, ...retries }, quiet);
    (client as any).accessToken = token;
    (client as any).expirationDateTime = new Date(Date.now() + 600_000);
    const locks: any[] = (await step('getLocksAsync', () => client.getLocksAsync())) ?? [];
    const lock = locks.find((l: any) => l.name === 'Front door') ?? locks[0];
    await step('getLockByNameAsync', () => client.getLockByNameAsync('Front door'));
    await step('syncLocksAsync', () => client.syncLocksAsync());
    await step('syncLockAsync', () => client.syncLockAsync(lock.id));
    await step('openAsync (POST /my/lock/open)', () => client.openAsync(lock));
    await step('closeAsync (POST /my/lock/close)', () => client.closeAsync(lock));
    await step('openAsync again', () => client.openAsync(lock));
    await step('pullSpringAsync (POST /my/lock/pull-spring)', () => client.pullSpringAsync(lock));
    await step('getDeviceActivityAsync', () => client.getDeviceActivityAsync(lock, 5));
    await step('getLatestDeviceActivityAsync', () => client.getLatestDeviceActivityAsync(lock));
  }
  for (const [name, ok, why] of results) console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${why ? ` - ${why}` : ''}`);
  const passed = results.filter((r) => r[1]).length;
  console.log(`${which}: ${passed} passed, ${results.length - passed} failed`);
}

void main();

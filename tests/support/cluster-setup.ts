import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { config, setEnv } from '../../lib/config';
import { childEnv, harness } from '../../lib/config/harness';

/**
 * With CONTRACT_CLUSTER=1 (scripts/test.mjs on the Postgres leg, for tests/contract): the production
 * shape for the run, `scripts/cluster.mjs` (two server processes behind HAProxy) on the tests' own
 * database, and API_BASE_URL pointing the router (tests/support/router.ts) at it. Runs after
 * global-setup.ts, so the processes get this run's secrets and settings (tests/support/env.ts)
 * and see the rows the cases' setups write with the factories. Whatever a process kept in its
 * memory (a session, a budget, a cache) the other one does not see, and a case fails.
 *
 * The test run stands in for a trusted outer proxy (a CDN in front of HAProxy): it names each
 * client in X-Forwarded-For, HAProxy appends the address it saw, and the servers trust two hops
 * (TRUST_PROXY_HOPS=2). So the per-address limits see the clients the cases name, and the hop
 * counting is still the server's own. Deployed with one proxy, that setting is 1 (docs/deployment.md).
 */
const PORT = harness().CONTRACT_CLUSTER_PORT;
const SIZE = 2;

const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!harness().CONTRACT_CLUSTER) return;
  if (!config().DATABASE_URL)
    throw new Error(
      'CONTRACT_CLUSTER=1 needs DATABASE_URL: the cluster and the tests share one Postgres (PGlite belongs to one process)',
    );
  // the cluster's proxy on PORT, its processes on PORT + 10 + i (scripts/cluster.mjs): a port
  // someone else holds would put their server under these tests
  const ports = [PORT, ...Array.from({ length: SIZE }, (_, i) => PORT + 10 + i)];
  for (const p of ports)
    if (!(await free(p)))
      throw new Error(`CONTRACT_CLUSTER: port ${p} is taken; set CONTRACT_CLUSTER_PORT (uses it and +10, +11)`);

  const started = Date.now();
  // the production build `npm start` and the resilience tests use (made when missing or stale)
  const { ensureBuild } = await import('../resilience/support');
  await ensureBuild();
  const data = path.join(process.cwd(), '.data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const logFile = path.join(data, `contract-cluster-${PORT}.log`);
  const log = createWriteStream(logFile);
  const base = `http://127.0.0.1:${PORT}`;
  const proc: ChildProcess = spawn(process.execPath, ['scripts/cluster.mjs'], {
    // its own process group: the teardown (or this process' exit) stops every process under it
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({
      CLUSTER_SIZE: String(SIZE),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NEXTAUTH_URL: base,
      TRUST_PROXY_HOPS: '2',
      DEMO: '0',
      SEED_DEMO: '0',
      NEXT_TELEMETRY_DISABLED: '1',
    }),
  });
  let out = '';
  let ready = false;
  const onData = (d: Buffer) => {
    log.write(d);
    out = (out + d).slice(-20_000);
    if (!ready && out.includes('Cluster of')) ready = true;
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', (d: Buffer) => {
    onData(d);
    // the servers' errors (a 500's request id and stack) belong in the test output
    if (ready) process.stderr.write(d);
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => proc.on('exit', () => ((exited = true), resolve())));
  const killGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-proc.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  // a crash of the test run must not leave haproxy or next behind
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  const stop = async () => {
    const t0 = Date.now();
    process.off('exit', onExit);
    if (!exited) {
      // cluster.mjs drains HAProxy, then stops the processes; whatever is left after 20 s is killed
      proc.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
    }
    killGroup('SIGKILL');
    log.end();
    console.log(`CONTRACT_CLUSTER: stopped in ${Date.now() - t0} ms`);
  };

  const deadline = Date.now() + 10 * 60_000;
  while (!ready) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(
        `CONTRACT_CLUSTER: the cluster did not start (${exited ? 'it exited' : 'timeout'}); ${logFile}:\n${out.slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // HAProxy takes a process in after two passed health checks a second apart (rise 2, inter 1s):
  // the last one to start is in after about 2 s
  await new Promise((r) => setTimeout(r, 3000));
  if (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    await stop();
    throw new Error(`CONTRACT_CLUSTER: ${base}/api/health does not answer 200; ${logFile}:\n${out.slice(-4000)}`);
  }
  // the public address is the cluster's: the test side's WebAuthn authenticator signs for its origin
  setEnv({ API_BASE_URL: base, NEXTAUTH_URL: base });
  console.log(
    `CONTRACT_CLUSTER: ${SIZE} processes behind HAProxy at ${base}, ready in ${Math.round((Date.now() - started) / 1000)} s (log: ${logFile})`,
  );
  return stop;
}

import { createServer } from 'node:http';
import { config, setEnv } from '@/lib/config';
import { harness } from '@/lib/config/harness';
import { VirtualBridgeHost, listen, type VirtualBridge, type VirtualLock } from '@/lib/devices/virtual-bridge';
import { dispatch } from './router';

/**
 * The hardware of the test suite (docs/devices.md, "How the tests get their bridges"): virtual
 * bridges served over real HTTP on a loopback port by this test process (one server, each bridge
 * under its own base path), and this process's stand-in for the service's public address, where
 * the bridges send their events (also real HTTP, answered by the app's route handlers in this
 * process). With API_BASE_URL (the contract run through a cluster) the events go to the cluster.
 *
 * Ports: TEST_BRIDGE_PORTS="from-to" keeps both servers in a range; by default the system picks
 * free ones.
 */

interface Registry {
  host?: Promise<VirtualBridgeHost>;
  endpoint?: Promise<string>;
  /** the virtual bridge of each service bridge id, and each lock's (bridge, id on it) */
  bridges: Map<number, VirtualBridge>;
  locks: Map<number, { bridge: VirtualBridge; remoteId: number }>;
  /**
   * Callbacks the stand-in below has taken and not yet answered. A bridge gives up on a delivery
   * after its timeout (3 s) while the service may still be applying it (a busy CI machine): the
   * writes of such an event still belong to the hardware, not to the request in whose window they land.
   */
  answering: number;
}
const g = globalThis as unknown as { __testHardware?: Registry };
const reg: Registry = (g.__testHardware ??= { bridges: new Map(), locks: new Map(), answering: 0 });

function portRange(): number | { from: number; to: number } {
  return harness().TEST_BRIDGE_PORTS ?? 0;
}

/** The test process's bridge host; the service's address for their events is set up with it. */
export function virtualHost(): Promise<VirtualBridgeHost> {
  reg.host ??= (async () => {
    const host = new VirtualBridgeHost('127.0.0.1', () => config().SIM_COMMAND_MS);
    await Promise.all([host.start(portRange()), serviceEndpoint()]);
    return host;
  })();
  return reg.host;
}

/** The base URL bridges call back (BRIDGE_CALLBACK_URL, set for the service code of this process). */
export function serviceEndpoint(): Promise<string> {
  reg.endpoint ??= (async () => {
    let base = harness().API_BASE_URL;
    if (!base) {
      const server = createServer(async (req, res) => {
        reg.answering++;
        try {
          const chunks: Buffer[] = [];
          for await (const c of req) chunks.push(c as Buffer);
          const headers = new Headers();
          for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
          const method = req.method ?? 'GET';
          const answer = await dispatch(
            new Request(`http://127.0.0.1${req.url}`, {
              method,
              headers,
              body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
            }),
          );
          res.statusCode = answer.status;
          answer.headers.forEach((v, k) => res.setHeader(k, v));
          res.end(Buffer.from(await answer.arrayBuffer()));
        } catch (e) {
          res.statusCode = 500;
          res.end(String(e));
        } finally {
          reg.answering--;
        }
      });
      server.keepAliveTimeout = 5000;
      const port = await listen(server, '127.0.0.1', portRange());
      server.unref();
      base = `http://127.0.0.1:${port}`;
    }
    setEnv({ BRIDGE_CALLBACK_URL: base });
    return base;
  })();
  return reg.endpoint;
}

/**
 * Events the test's virtual bridges have sent so far, and deliveries still under way: those a bridge
 * still waits on and those the service is still applying (tests/fuzz tells the hardware's doings from
 * a request's).
 */
export function hardwareActivity(): { fired: number; running: number } {
  let fired = 0;
  let running = reg.answering;
  for (const b of reg.bridges.values()) {
    fired += b.eventsSent;
    running += b.deliveriesInFlight;
  }
  return { fired, running };
}

export const hardware = {
  addBridge(id: number, b: VirtualBridge) {
    reg.bridges.set(id, b);
  },
  bridge(id: number): VirtualBridge | undefined {
    return reg.bridges.get(id);
  },
  addLock(id: number, bridge: VirtualBridge, remoteId: number) {
    reg.locks.set(id, { bridge, remoteId });
  },
  /** The virtual lock of a service lock (undefined for a lock on no virtual bridge). */
  lock(id: number): VirtualLock | undefined {
    const l = reg.locks.get(id);
    return l?.bridge.locks.get(l.remoteId);
  },
  bridgeOfLock(id: number): VirtualBridge | undefined {
    return reg.locks.get(id)?.bridge;
  },
};

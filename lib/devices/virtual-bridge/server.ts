import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VirtualBridge, type BridgeInit } from './bridge';
import { handleBridgeRequest } from './http';

/**
 * Serving virtual bridges over HTTP on a loopback port. One bridge per server (`npm run bridge`,
 * the demo: each bridge its own process and port, like the real thing), or many behind one port,
 * each under its own base path `/bridges/<key>` (the test suite: a bridge per test, one server per
 * test process). Either way the service reaches a bridge only by its base URL and token.
 */

export interface Listening {
  server: Server;
  port: number;
  close: () => Promise<void>;
}

/** Listens on `port`, or on the first free port of `range` [from, to]. */
export async function listen(
  server: Server,
  host: string,
  port: number | { from: number; to: number },
): Promise<number> {
  const ports =
    typeof port === 'number' ? [port] : Array.from({ length: port.to - port.from + 1 }, (_, i) => port.from + i);
  // start somewhere in the range, so parallel test processes rarely try the same ports
  const start = typeof port === 'number' ? 0 : (process.pid * 7) % ports.length;
  for (let i = 0; i < ports.length; i++) {
    const p = ports[(start + i) % ports.length];
    const got = await new Promise<boolean>((resolve, reject) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        if (e.code === 'EADDRINUSE' || e.code === 'EACCES') resolve(false);
        else reject(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(true);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, host);
    });
    if (got) return (server.address() as AddressInfo).port;
  }
  throw new Error(`no free port in ${ports[0]}-${ports.at(-1)}`);
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });

/** One bridge on its own port, its API at /v1.0 (as a real bridge). */
export async function serveBridge(
  bridge: VirtualBridge,
  opts: { host?: string; port: number | { from: number; to: number } },
): Promise<Listening> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bridge');
    void handleBridgeRequest(bridge, req, res, url.pathname, url).then((handled) => {
      if (!handled) {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ 'error-description': 'Not found' }));
      }
    });
  });
  server.keepAliveTimeout = 5000;
  const port = await listen(server, opts.host ?? '127.0.0.1', opts.port);
  return { server, port, close: () => closeServer(server).then(() => bridge.stop()) };
}

/** Many bridges behind one port, each at /bridges/<key> (its base URL). */
export class VirtualBridgeHost {
  private readonly bridges = new Map<string, VirtualBridge>();
  private listening?: Listening;
  private seq = 0;

  /**
   * `commandMs`: the command time of the bridges added without one of their own (the tests give
   * theirs, SIM_COMMAND_MS, read at each command).
   */
  constructor(
    private readonly host = '127.0.0.1',
    private readonly commandMs?: () => number,
  ) {}

  async start(port: number | { from: number; to: number }): Promise<number> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://host');
      const m = /^\/bridges\/([A-Za-z0-9_-]+)(\/.*)$/.exec(url.pathname);
      const bridge = m ? this.bridges.get(m[1]) : undefined;
      const done = (handled: boolean) => {
        if (handled) return;
        // no such bridge here: nobody answers at that address
        req.socket.destroy();
      };
      if (!bridge || !m) return done(false);
      void handleBridgeRequest(bridge, req, res, m[2], url).then(done);
    });
    server.keepAliveTimeout = 5000;
    const p = await listen(server, this.host, port);
    this.listening = { server, port: p, close: () => closeServer(server) };
    return p;
  }

  get port(): number {
    if (!this.listening) throw new Error('the virtual bridge host is not started');
    return this.listening.port;
  }

  /** Adds a bridge; its base URL is what the service stores as the bridge's address. */
  add(init: BridgeInit, key = `b${++this.seq}`): { bridge: VirtualBridge; baseUrl: string; key: string } {
    const bridge = new VirtualBridge({ commandMs: this.commandMs, ...init });
    this.bridges.set(key, bridge);
    return { bridge, baseUrl: `http://${this.host}:${this.port}/bridges/${key}`, key };
  }

  get(key: string): VirtualBridge | undefined {
    return this.bridges.get(key);
  }

  remove(key: string): void {
    this.bridges.get(key)?.stop();
    this.bridges.delete(key);
  }

  async close(): Promise<void> {
    for (const b of this.bridges.values()) b.stop();
    this.bridges.clear();
    await this.listening?.close();
  }
}

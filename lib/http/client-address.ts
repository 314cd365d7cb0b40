import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { trustProxyHops } from '@/lib/config/env';

/**
 * The client's address, for rate limits and sign-in throttling. Next.js does not show route
 * handlers the socket, and the X-Forwarded-For it passes on is the client's own when the client
 * sent one. So the server itself writes the address into a header of its own as each request
 * arrives (Node's `http.server.request.start` diagnostics channel, before Next.js sees the
 * request), replacing anything a client sent under that name: the socket's peer, or with
 * TRUST_PROXY_HOPS=n the address the n-th trusted proxy saw (docs/security.md, "Deployment").
 */
export const CLIENT_ADDRESS_HEADER = 'x-smartlock-client-address';

/** IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as the IPv4 address it is. */
const plain = (ip: string) => (ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/**
 * The address `hops` trusted proxies vouch for: the list is X-Forwarded-For followed by the
 * socket's peer, read from the right; each trusted proxy appended the address it saw. With fewer
 * entries than proxies, or a malformed one, the request did not come the configured way: the
 * socket's peer is all that is known.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const peer = socketAddress ? plain(socketAddress) : 'unknown';
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((s) => s.trim());
  const chain = [...entries, peer];
  const at = chain.length - 1 - hops;
  if (at < 0) return peer;
  const candidate = plain(chain[at]);
  return isIP(candidate) ? candidate : peer;
}

let installed = false;

/** Once per process, before any request is served (instrumentation.ts). */
export function installClientAddressHook(): void {
  if (installed) return;
  installed = true;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddressFrom(
      socket.remoteAddress,
      request.headers['x-forwarded-for'],
      trustProxyHops(),
    );
  });
}

/** The client address of a request, from its headers (a route's `req.headers`, a page's `headers()`). */
export function clientAddress(headers: { get(name: string): string | null }): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Endpoint safety (SSRF): a webhook URL must not reach the service's own network. Every address
 * a host name resolves to is checked, at create/update and again at send time (DNS may change).
 * WEBHOOK_ALLOW_LOOPBACK=1 (tests, local demo) lets loopback through, and nothing else.
 */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ['64:ff9b:1::', 48],
] as const) blocked.addSubnet(net, bits, 'ipv6');

export const loopbackAllowed = () => process.env.WEBHOOK_ALLOW_LOOPBACK === '1';

/** The IPv4 address inside a NAT64 (64:ff9b::/96) IPv6 address, if it is one. */
function nat64Inner(ip: string): string | null {
  const m = /^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip) ?? null;
  if (m) {
    const hi = parseInt(m[1], 16);
    const lo = parseInt(m[2], 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  const dotted = /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return dotted ? dotted[1] : null;
}

/** Why an address may not be called, or null when it may. IPv4-mapped IPv6 is judged as IPv4. */
export function refusedAddress(ip: string): string | null {
  const family = isIP(ip);
  if (!family) return `"${ip}" is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopbackAllowed() && loopback.check(ip, type)) return null;
  const inner = family === 6 ? nat64Inner(ip) : null;
  if (inner) return refusedAddress(inner);
  if (blocked.check(ip, type)) return `${ip}, a private, loopback, link-local or reserved address`;
  return null;
}

export class UnsafeEndpoint extends Error {}

/** Resolves the URL's host and checks every address; returns them (to connect to one of them). */
export async function resolveSafe(url: URL): Promise<Array<{ address: string; family: number }>> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addrs = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
  if (!addrs.length) throw new UnsafeEndpoint(`The host ${host} does not resolve to any address.`);
  for (const a of addrs) {
    const why = refusedAddress(a.address);
    if (why) {
      const where = a.address === host ? `The endpoint address is ${why}` : `The host ${host} resolves to ${why}`;
      throw new UnsafeEndpoint(`${where}; webhooks only go to public addresses.`);
    }
  }
  return addrs;
}

async function resolveAll(host: string) {
  try {
    return await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new UnsafeEndpoint(`The host ${host} could not be resolved.`);
  }
}

/** Shape rules for an endpoint URL (no network): http(s), no credentials, sane length. */
export function urlProblem(raw: string): string | null {
  if (raw.length > 2048) return 'url: at most 2048 characters';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'url: must be an absolute http:// or https:// URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'url: must start with https:// or http://';
  if (u.username || u.password) return 'url: must not contain a user name or password';
  if (!u.hostname) return 'url: must name a host';
  return null;
}

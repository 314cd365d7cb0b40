import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { config } from '@/lib/config';

/**
 * Endpoint safety (SSRF): a webhook URL must not reach the service's own network. Every address
 * a host name resolves to is checked, at create/update and again at send time (DNS may change).
 * WEBHOOK_ALLOW_LOOPBACK=1 (tests, local demo) lets loopback through, and nothing else.
 */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

// IPv4 destinations that are not global unicast (IANA special-purpose registry)
const blocked4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(net, bits, 'ipv4');

// inside global unicast (2000::/3): IETF protocol assignments (Teredo among them, judged below),
// documentation
const blocked6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const)
  blocked6.addSubnet(net, bits, 'ipv6');

export const loopbackAllowed = () => config().WEBHOOK_ALLOW_LOOPBACK;

/** The 16 bytes of an IPv6 address in any of its written forms (`::`, an IPv4 tail), or null. */
export function ipv6Bytes(ip: string): number[] | null {
  const text = ip.split('%', 1)[0].toLowerCase();
  if (isIP(text) !== 6) return null;
  const groups = (part: string): number[] => {
    if (!part) return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const [a, b, c, d] = g.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

const v4 = (b: number[], at: number, xor = 0) => [0, 1, 2, 3].map((i) => b[at + i] ^ xor).join('.');
const zeros = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 addresses an IPv6 address stands for, when it is one of the forms that embed one:
 * IPv4-compatible (::/96), IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16),
 * Teredo (2001::/32: its server, and its client, stored inverted). Empty otherwise.
 */
export function embeddedIPv4(b: number[]): string[] {
  if (zeros(b, 0, 12)) return [v4(b, 12)];
  if (zeros(b, 0, 10) && b[10] === 255 && b[11] === 255) return [v4(b, 12)];
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return [v4(b, 12)];
  if (b[0] === 0x20 && b[1] === 0x02) return [v4(b, 2)];
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return [v4(b, 4), v4(b, 12, 255)];
  return [];
}

const REFUSED = 'a private, loopback, link-local or reserved address';

/**
 * Why an address may not be called, or null when it may: only global unicast destinations pass.
 * An IPv6 address that embeds an IPv4 address is judged by the IPv4 address (every one it embeds).
 */
export function refusedAddress(ip: string): string | null {
  const family = isIP(ip.split('%', 1)[0]);
  if (!family) return `"${ip}" is not an IP address`;
  if (loopbackAllowed() && loopback.check(ip.split('%', 1)[0], family === 4 ? 'ipv4' : 'ipv6')) return null;
  if (family === 4) return blocked4.check(ip, 'ipv4') ? `${ip}, ${REFUSED}` : null;
  const b = ipv6Bytes(ip)!;
  const inner = embeddedIPv4(b);
  if (inner.length) {
    const bad = inner.find((x) => refusedAddress(x));
    return bad ? `${ip} (standing for ${bad}), ${REFUSED}` : null;
  }
  // global unicast is 2000::/3
  if ((b[0] & 0xe0) !== 0x20 || blocked6.check(ip.split('%', 1)[0], 'ipv6')) return `${ip}, ${REFUSED}`;
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

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { clientAddressFrom, CLIENT_ADDRESS_HEADER, installClientAddressHook } from './client-address';

/** Whose address a request is counted under (rate limits, sign-in throttling). */
describe('the client address', () => {
  it('is the socket peer; X-Forwarded-For is ignored unless proxies are trusted', () => {
    expect(clientAddressFrom('203.0.113.7', '1.2.3.4', 0)).toBe('203.0.113.7');
    expect(clientAddressFrom('::ffff:203.0.113.7', undefined, 0)).toBe('203.0.113.7');
    expect(clientAddressFrom(undefined, undefined, 0)).toBe('unknown');
  });

  it('through n trusted proxies it is the n-th address from the right, never what the client wrote before it', () => {
    // client 198.51.100.9 -> proxy A (10.0.0.1) -> proxy B (10.0.0.2) -> us; the client forged 1.2.3.4
    const xff = '1.2.3.4, 198.51.100.9, 10.0.0.1';
    expect(clientAddressFrom('10.0.0.2', xff, 1)).toBe('10.0.0.1');
    expect(clientAddressFrom('10.0.0.2', xff, 2)).toBe('198.51.100.9');
    expect(clientAddressFrom('10.0.0.2', ['1.2.3.4', '198.51.100.9, 10.0.0.1'], 2)).toBe('198.51.100.9');
  });

  it('a request that did not come through the trusted proxies (too few entries, garbage) counts as its socket peer', () => {
    expect(clientAddressFrom('203.0.113.7', '1.2.3.4', 2)).toBe('203.0.113.7');
    expect(clientAddressFrom('10.0.0.2', 'not-an-address', 1)).toBe('10.0.0.2');
  });
});

describe("the server's hook writes it into every request, over anything the client sent", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    installClientAddressHook();
    server = http.createServer((req, res) => res.end(String(req.headers[CLIENT_ADDRESS_HEADER])));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const seenAs = (headers: Record<string, string>, localAddress = '127.0.0.1') =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, headers, localAddress, agent: false }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });

  it('the socket peer, whatever X-Forwarded-For or the header itself claim', async () => {
    expect(await seenAs({ 'x-forwarded-for': '1.2.3.4', [CLIENT_ADDRESS_HEADER]: '5.6.7.8' })).toBe('127.0.0.1');
    expect(await seenAs({ 'x-forwarded-for': '1.2.3.4' }, '127.0.0.2')).toBe('127.0.0.2');
  });

  it('with TRUST_PROXY_HOPS=1 the address the proxy appended', async () => {
    setConfig({ TRUST_PROXY_HOPS: '1' });
    expect(await seenAs({ 'x-forwarded-for': '1.2.3.4, 198.51.100.9' })).toBe('198.51.100.9');
    expect(await seenAs({})).toBe('127.0.0.1');
  });
});

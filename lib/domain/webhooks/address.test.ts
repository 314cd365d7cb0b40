import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { embeddedIPv4, ipv6Bytes, refusedAddress, resolveSafe, urlProblem } from './address';

/** The endpoint safety rules, with and without WEBHOOK_ALLOW_LOOPBACK. */

describe('refusedAddress', () => {
  it('refuses private, loopback, link-local and reserved IPv4 and IPv6 addresses', () => {
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '0' });
    for (const ip of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '127.0.0.1',
      '127.9.9.9',
      '169.254.169.254',
      '100.64.1.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:192.168.1.1',
      '::ffff:127.0.0.1',
      '64:ff9b::c0a8:101',
      '2001:db8::1',
    ]) {
      expect(refusedAddress(ip), ip).toMatch(/private, loopback/);
    }
  });

  it('allows public addresses', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(refusedAddress(ip), ip).toBeNull();
    }
  });

  it('judges IPv6 forms that embed an IPv4 address by that address', () => {
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '0' });
    const refused = [
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::a9fe:a9fe', // IPv4-compatible ::/96
      '::ffff:10.1.2.3',
      '::ffff:a9fe:a9fe',
      '::ffff:7f00:1', // IPv4-mapped
      '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::127.0.0.1', // NAT64
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:101:1::1', // 6to4
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1 (stored inverted)
      '2001:0:a00:1::f7f7:f7f7', // Teredo, server 10.0.0.1
    ];
    for (const ip of refused) expect(refusedAddress(ip), ip).toMatch(/private, loopback/);
    const allowed = [
      '::8.8.8.8',
      '::ffff:1.1.1.1',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ];
    for (const ip of allowed) expect(refusedAddress(ip), ip).toBeNull();
  });

  it('lets only global unicast IPv6 through (2000::/3, without documentation and protocol ranges)', () => {
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '0' });
    for (const ip of [
      '64:ff9b:1::a00:1',
      '100::1',
      'fe80::1%eth0',
      'fec0::1',
      '::2:1:1:1',
      '3fff::1',
      '2001:2::1',
      '2001:10::1',
      '4000::1',
      'e000::1',
    ]) {
      expect(refusedAddress(ip), ip).toMatch(/private, loopback/);
    }
    for (const ip of ['2a00:1450:4001:80b::200e', '2606:4700::6810:84e5']) expect(refusedAddress(ip), ip).toBeNull();
  });

  it('reads every written form of an IPv6 address', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:192.168.1.1')!.slice(10)).toEqual([255, 255, 192, 168, 1, 1]);
    expect(ipv6Bytes('2001:DB8::8:800:200C:417A')).toEqual([
      0x20, 1, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a,
    ]);
    expect(ipv6Bytes('1.2.3.4')).toBeNull();
    expect(embeddedIPv4(ipv6Bytes('2001:0:4136:e378:8000:63bf:3fff:fdd2')!)).toEqual(['65.54.227.120', '192.0.2.45']);
  });

  it('with WEBHOOK_ALLOW_LOOPBACK=1 lets loopback through, and nothing else', () => {
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '1' });
    expect(refusedAddress('127.0.0.1')).toBeNull();
    expect(refusedAddress('::1')).toBeNull();
    expect(refusedAddress('10.0.0.1')).not.toBeNull();
    expect(refusedAddress('169.254.169.254')).not.toBeNull();
  });

  it('checks every address a name resolves to (localhost is loopback)', async () => {
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '0' });
    await expect(resolveSafe(new URL('http://localhost:8080/x'))).rejects.toThrow(/private, loopback/);
    setConfig({ WEBHOOK_ALLOW_LOOPBACK: '1' });
    await expect(resolveSafe(new URL('http://localhost:8080/x'))).resolves.not.toHaveLength(0);
    await expect(resolveSafe(new URL('http://no-such-host.invalid/x'))).rejects.toThrow(/could not be resolved/);
  });
});

describe('urlProblem', () => {
  it('accepts http(s) URLs and names what is wrong otherwise', () => {
    expect(urlProblem('https://hooks.example.com/a?b=c')).toBeNull();
    expect(urlProblem('ftp://x.example')).toMatch(/https:\/\//);
    expect(urlProblem('https://a:b@x.example')).toMatch(/password/);
    expect(urlProblem('https://x.example/' + 'a'.repeat(2100))).toMatch(/2048/);
  });
});

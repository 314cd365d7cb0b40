import { afterEach, describe, expect, it } from 'vitest';
import { refusedAddress, resolveSafe, urlProblem } from './address';

/** The endpoint safety rules, with and without WEBHOOK_ALLOW_LOOPBACK. */
const saved = process.env.WEBHOOK_ALLOW_LOOPBACK;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = saved;
});

describe('refusedAddress', () => {
  it('refuses private, loopback, link-local and reserved IPv4 and IPv6 addresses', () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = '0';
    for (const ip of ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '127.0.0.1', '127.9.9.9', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd12:3456::1', 'fc00::1', 'fe80::1', 'ff02::1', '::ffff:192.168.1.1', '::ffff:127.0.0.1', '64:ff9b::c0a8:101', '2001:db8::1']) {
      expect(refusedAddress(ip), ip).toMatch(/private, loopback/);
    }
  });

  it('allows public addresses', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(refusedAddress(ip), ip).toBeNull();
    }
  });

  it('with WEBHOOK_ALLOW_LOOPBACK=1 lets loopback through, and nothing else', () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
    expect(refusedAddress('127.0.0.1')).toBeNull();
    expect(refusedAddress('::1')).toBeNull();
    expect(refusedAddress('10.0.0.1')).not.toBeNull();
    expect(refusedAddress('169.254.169.254')).not.toBeNull();
  });

  it('checks every address a name resolves to (localhost is loopback)', async () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = '0';
    await expect(resolveSafe(new URL('http://localhost:8080/x'))).rejects.toThrow(/private, loopback/);
    process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
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

import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, type ResolveAll } from './push-endpoint.ts';
import { isPublicAddress, nonPublicReason } from './public-address.ts';

describe('nonPublicReason', () => {
  it.each([
    ['0.0.0.0', 'unspecified ("this network")'],
    ['0.1.2.3', 'unspecified ("this network")'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved, broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
    ['2002:c0a8:0101::1', '6to4 private'],
    ['not an address', 'not an IP address'],
    ['localhost', 'not an IP address'],
  ])('%s is not public: %s', (address, why) => {
    expect(nonPublicReason(address)).toBe(why);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '142.250.74.170',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.169.0.1',
    '223.255.255.255',
    '2a00:1450:4001:82a::200a',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
    '2620:fe::fe',
  ])('%s is public', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });
});

describe('checkPushEndpoint', () => {
  const table: Record<string, string[]> = {
    'fcm.googleapis.com': ['142.250.74.170', '2a00:1450:4001:82a::200a'],
    'evil.example.com': ['142.250.74.170', '10.0.0.5'],
    'rebound.example.com': ['::1'],
    'empty.example.com': [],
  };
  const resolve: ResolveAll = async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses;
  };
  const check = (endpoint: string, allowlist: string[] = []) => checkPushEndpoint(endpoint, { allowlist, resolve });

  it('accepts an https: endpoint on a named host whose every address is public', async () => {
    expect(await check('https://fcm.googleapis.com/fcm/send/abc')).toEqual({ ok: true });
  });

  it.each([
    ['not a url', 'not a URL'],
    ['http://fcm.googleapis.com/fcm/send/abc', 'not https:'],
    ['https://user:pw@fcm.googleapis.com/x', 'credentials in the URL'],
    ['https://10.0.0.7/send/1', 'not a named host'],
    ['https://[::1]/send/1', 'not a named host'],
    ['https://localhost/send/1', 'not a named host'],
    ['https://evil.example.com/x', 'evil.example.com resolves to 10.0.0.5 (private)'],
    ['https://rebound.example.com/x', 'rebound.example.com resolves to ::1 (loopback)'],
  ])('refuses %s: %s', async (endpoint, reason) => {
    expect(await check(endpoint)).toEqual({ ok: false, why: 'refused', reason });
  });

  it('tells a name that does not resolve from a refused one', async () => {
    expect(await check('https://gone.example.com/x')).toEqual({
      ok: false,
      why: 'unresolved',
      reason: 'gone.example.com: ENOTFOUND',
    });
    expect(await check('https://empty.example.com/x')).toMatchObject({ ok: false, why: 'unresolved' });
  });

  it("lets through exactly the allow-listed origins (the tests' fake push service), nothing near them", async () => {
    const allow = ['http://127.0.0.1:41234'];
    expect(await check('http://127.0.0.1:41234/push/1', allow)).toEqual({ ok: true });
    for (const near of [
      'http://127.0.0.1:41235/push/1',
      'https://127.0.0.1:41234/push/1',
      'http://localhost:41234/x',
    ]) {
      expect(await check(near, allow), near).toMatchObject({ ok: false, why: 'refused' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { PRUNE_SIGN_INS_JOB, summarizeUserAgent, truncateIp } from './sign-ins.ts';

describe('sign-in records', () => {
  it('keeps only the network of an address: IPv4 /24, IPv6 /48', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(truncateIp('2001:0db8:0001::1')).toBe('2001:db8:1::/48');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8::/48');
    expect(truncateIp('::1')).toBe('::/48');
    expect(truncateIp('fe80::1%eth0')).toBe('fe80::/48');
    expect(truncateIp('2001:db8:0:1::')).toBe('2001:db8::/48');
    expect(truncateIp('not an address')).toBeNull();
    expect(truncateIp(undefined)).toBeNull();
  });

  it('sums a User-Agent up as browser and system', () => {
    const ua = {
      chromeAndroid:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      safariIphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
    };
    expect(summarizeUserAgent(ua.chromeAndroid)).toBe('Chrome on Android');
    expect(summarizeUserAgent(ua.safariIphone)).toBe('Safari on iOS');
    expect(summarizeUserAgent(ua.edge)).toBe('Edge on Windows');
    expect(summarizeUserAgent(ua.firefoxMac)).toBe('Firefox on macOS');
    expect(summarizeUserAgent('curl/8.5.0')).toBe('curl');
    expect(summarizeUserAgent(`${'x'.repeat(300)}/1`)).toHaveLength(40);
    expect(summarizeUserAgent('')).toBeNull();
  });

  it('prunes once a day at 03:00 UTC', () => {
    expect(new Date(PRUNE_SIGN_INS_JOB.next(Date.parse('2026-11-25T02:59:00Z'))).toISOString()).toBe(
      '2026-11-25T03:00:00.000Z',
    );
    expect(new Date(PRUNE_SIGN_INS_JOB.next(Date.parse('2026-11-25T03:00:00Z'))).toISOString()).toBe(
      '2026-11-26T03:00:00.000Z',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.ts';
import { createPeerTrust } from './trusted-proxy.ts';

describe('which direct peer may set proxy-only headers', () => {
  it('no proxy trusted: nobody', () => {
    expect(createPeerTrust(false)('127.0.0.1')).toBe(false);
  });

  it('a hop count: the direct peer is that proxy', () => {
    expect(createPeerTrust(1)('203.0.113.9')).toBe(true);
  });

  it('addresses and CIDRs: only those, IPv4 also when mapped into IPv6', () => {
    const trusts = createPeerTrust(['127.0.0.1', '10.0.0.0/8', '2001:db8::/32']);
    expect(trusts('127.0.0.1')).toBe(true);
    expect(trusts('::ffff:127.0.0.1')).toBe(true);
    expect(trusts('10.20.30.40')).toBe(true);
    expect(trusts('2001:db8::1')).toBe(true);
    expect(trusts('203.0.113.9')).toBe(false);
    expect(trusts('::ffff:203.0.113.9')).toBe(false);
    expect(trusts('2001:db9::1')).toBe(false);
    expect(trusts(undefined)).toBe(false);
  });
});

describe("the visitor's country header", () => {
  const countryFrom = async (trustProxy: string) => {
    const server = await startTestServer({ env: { TRUST_PROXY: trustProxy } });
    try {
      const answer = await server
        .client('alpha.test')
        .get<{ settings: { geoip_country: string | null } }>('/api/settings.php', {
          headers: { 'cf-ipcountry': 'BE', 'x-forwarded-for': '10.0.0.1' },
        });
      return answer.body.settings.geoip_country;
    } finally {
      await server.close();
    }
  };

  it('is believed from a trusted proxy', async () => {
    expect(await countryFrom('127.0.0.1')).toBe('BE');
  });

  it('is ignored from anyone else, whatever X-Forwarded-For claims', async () => {
    expect(await countryFrom('10.0.0.1')).toBeNull();
  });
});

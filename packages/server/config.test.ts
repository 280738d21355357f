import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const production = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'production', ...env });
const safe = { MOLLIE_API_KEY: 'test_x', SMTP_URL: 'smtp://mail.example:587' };

describe('configuration production refuses', () => {
  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['no payment provider', { SMTP_URL: safe.SMTP_URL }, /MOLLIE_API_KEY/],
    ['no mail transport', { MOLLIE_API_KEY: safe.MOLLIE_API_KEY }, /SMTP_URL/],
    ['trusting every proxy hop', { ...safe, TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    ['a metrics port of 0', { ...safe, METRICS_PORT: '0' }, /METRICS_PORT/],
    ['two payment choices at once', { ...safe, PAYMENTS: 'sandbox' }, /PAYMENTS=sandbox and MOLLIE_API_KEY/],
    ['an unknown provider', { ...safe, PAYMENTS: 'stripe' }, /PAYMENTS/],
    ['a proxy that is no address', { ...safe, TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY/],
  ])('%s', (_case, env, message) => {
    expect(() => production(env)).toThrow(ConfigError);
    expect(() => production(env)).toThrow(message);
  });
});

describe('configuration', () => {
  it('pays through Mollie with a key, the sandbox otherwise; a production sandbox is a marked test site', () => {
    expect(production(safe)).toMatchObject({ payments: 'mollie', testSite: false });
    expect(loadConfig({})).toMatchObject({ payments: 'sandbox', testSite: false });
    expect(production({ PAYMENTS: 'sandbox', MAIL: 'outbox' })).toMatchObject({ payments: 'sandbox', testSite: true });
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and CIDRs', () => {
    expect(production(safe).trustProxy).toBe(false);
    expect(production({ ...safe, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(production({ ...safe, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeHost, resolveBrandDomain } from './host.ts';

const hosts = new Map([
  ['localhost', 'localhost'],
  ['127.0.0.1', 'localhost'],
  ['flirtnord.dk', 'flirtnord.dk'],
  ['dating.flirtnord.dk', 'flirtnord.dk'],
]);

describe('host -> brand', () => {
  it.each([
    ['localhost:4321', 'localhost'],
    ['127.0.0.1:4321', 'localhost'],
    ['flirtnord.dk', 'flirtnord.dk'],
    ['WWW.FlirtNord.dk', 'flirtnord.dk'],
    ['flirtnord.dk.', 'flirtnord.dk'],
    ['dating.flirtnord.dk:443', 'flirtnord.dk'],
    ['flirtnord.dk.localhost:4321', 'flirtnord.dk'],
    ['unknown.example', null],
    ['evil-flirtnord.dk', null],
    ['[::1]:4321', null],
    ['', null],
    [undefined, null],
    ['bad host name', null],
  ])('%s -> %s', (host, domain) => {
    expect(resolveBrandDomain(host, hosts)).toBe(domain);
  });

  it('lower-cases and strips port and www', () => {
    expect(normalizeHost('www.Example.COM:8080')).toBe('example.com');
  });
});

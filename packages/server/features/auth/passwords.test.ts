import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createPasswordHasher, DEFAULT_SCRYPT_N } from './passwords.ts';
import { PRODUCTION_ENV } from '../../test/test-server.ts';

describe('password hashing', () => {
  it('hashes at 2^17 unless configured, and keeps its parameters with the hash', async () => {
    expect(DEFAULT_SCRYPT_N).toBe(131072);
    expect(loadConfig({}).passwordScryptN).toBe(DEFAULT_SCRYPT_N);
    const stored = await createPasswordHasher().hash('correct horse');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    // A server configured with another cost still checks the hashes made before the change.
    const cheaper = createPasswordHasher(1024);
    expect(await cheaper.verify('correct horse', stored)).toBe(true);
    expect(await cheaper.verify('correct horsf', stored)).toBe(false);
  });

  it('hashes at the configured cost, each password with its own salt', async () => {
    const hasher = createPasswordHasher(loadConfig({ PASSWORD_SCRYPT_N: '2048' }).passwordScryptN);
    const [first, second] = [await hasher.hash('Ünïcode pw'), await hasher.hash('Ünïcode pw')];
    expect(first).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(first).not.toBe(second);
    // The same password typed in another Unicode normal form is the same password.
    expect(await hasher.verify('U\u0308ni\u0308code pw', first)).toBe(true);
    expect(await hasher.verify('', first)).toBe(false);
    expect(await hasher.verify('Ünïcode pw', 'bcrypt$whatever')).toBe(false);
  });

  it('the decoy is one hash at the configured cost, made once', async () => {
    const hasher = createPasswordHasher(1024);
    const decoy = await hasher.decoy();
    expect(decoy).toMatch(/^scrypt\$1024\$/);
    expect(await hasher.decoy()).toBe(decoy);
  });

  it('refuses a cost that is not a power of two from 2^10 to 2^20, and a lowered one in production', () => {
    for (const value of ['1000', '512', '2097152', 'cheap', '-1024', '1024.5']) {
      expect(() => loadConfig({ PASSWORD_SCRYPT_N: value }), value).toThrow(/PASSWORD_SCRYPT_N/);
    }
    expect(() => loadConfig({ ...PRODUCTION_ENV, PASSWORD_SCRYPT_N: '1024' })).toThrow(/production/);
    expect(loadConfig({ ...PRODUCTION_ENV, PASSWORD_SCRYPT_N: '262144' }).passwordScryptN).toBe(262144);
  });
});

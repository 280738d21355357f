import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { generateVapidKeys, withDemoVapidKeys } from './vapid.ts';

describe('the demo keeps its own VAPID keys', () => {
  it('makes a pair in var/vapid.json on the first start, reuses it after, and lets the environment win', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-vapid-'));
    try {
      const first = withDemoVapidKeys(loadConfig({ DATEKIT_VAR_DIR: dir }), dir);
      expect(first.pushPublicKey).toMatch(/^B[\w-]{86}$/);
      expect(first.pushPrivateKey).toMatch(/^[\w-]{43}$/);
      expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      const again = withDemoVapidKeys(loadConfig({ DATEKIT_VAR_DIR: dir }), dir);
      expect(again.pushPublicKey).toBe(first.pushPublicKey);
      const own = generateVapidKeys();
      const env = { DATEKIT_VAR_DIR: dir, VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey };
      expect(withDemoVapidKeys(loadConfig(env), dir).pushPublicKey).toBe(own.publicKey);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

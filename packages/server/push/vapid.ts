import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { ServerConfig } from '../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair (P-256, base64url), as `datekit push keys` prints it. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The demo (`npm start`) has no VAPID_* environment: it keeps a pair of its own in `var/vapid.json`,
 * made on the first start and kept after, so that push subscriptions made in the demo stay valid
 * across restarts. Keys set in the environment always win.
 */
export function withDemoVapidKeys(config: ServerConfig, varDir: string): ServerConfig {
  if (config.pushPublicKey && config.pushPrivateKey) return config;
  const file = path.join(varDir, 'vapid.json');
  let keys: VapidKeys;
  if (fs.existsSync(file)) {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } else {
    keys = generateVapidKeys();
    fs.mkdirSync(varDir, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  return { ...config, pushPublicKey: keys.publicKey, pushPrivateKey: keys.privateKey };
}

import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

/** The configured provider: the built-in sandbox unless a real one is configured. */
export function createPaymentProvider(_config: ServerConfig, db: Db, now: () => number): PaymentProvider {
  return createSandboxProvider(db, now);
}

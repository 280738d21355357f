import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createMollieProvider } from './mollie-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

/** Mollie when MOLLIE_API_KEY is set; otherwise the built-in sandbox with its own checkout page (config.ts). */
export function createPaymentProvider(config: ServerConfig, db: Db, now: () => number): PaymentProvider {
  if (config.payments === 'mollie' && config.mollieApiKey) {
    return createMollieProvider({ apiKey: config.mollieApiKey, apiEndpoint: config.mollieApiEndpoint });
  }
  return createSandboxProvider(db, now);
}

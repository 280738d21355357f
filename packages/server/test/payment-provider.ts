import { createMollieProvider } from '../features/payments/mollie-provider.ts';
import { startFakeMollie, type FakeMollie } from './fake-mollie.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** The provider calling the payment webhook: a form post carrying only the payment's id, no client header. */
export function paymentWebhook(server: TestServer, id: string) {
  return server.client().request('POST', '/api/payment-webhook.php', {
    raw: `id=${encodeURIComponent(id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
}

/** A test server whose payment provider is Mollie, played by a fake Mollie trusted by this process. */
export async function startServerWithMollie(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; mollie: FakeMollie }> {
  const mollie = await startFakeMollie();
  mollie.trustInThisProcess();
  const payments = createMollieProvider({ apiKey: mollie.apiKey, apiEndpoint: mollie.url });
  const server = await startTestServer({ ...options, services: { payments, ...options.services } });
  return { server, mollie };
}

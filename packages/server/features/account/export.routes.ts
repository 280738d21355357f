import { defineRoute } from '../../http/define-route.ts';
import { buildDataExport } from './data-export.ts';

export const dataExport = defineRoute({
  method: 'GET',
  url: '/api/account-export.php',
  summary:
    'Download everything the site holds about the member (GDPR art. 15 and 20): a ZIP of JSON files (account, profile, consents, sessions, sign-ins, conversations, messages sent, likes, blocks, credit ledger, payments, payment means with the IBAN masked, discount codes, push subscriptions, reports, sanctions, staff notes) and their photos.',
  auth: 'member',
  handler: async ({ member, services, reply }) => {
    const zip = await buildDataExport(services, member.id);
    const day = new Date(services.now()).toISOString().slice(0, 10);
    await reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${member.brand}-data-${day}.zip"`)
      .type('application/zip')
      .send(Buffer.from(zip));
    return undefined;
  },
});

export const exportRoutes = [dataExport];

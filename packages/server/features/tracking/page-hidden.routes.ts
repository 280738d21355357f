import { z } from 'zod';
import { TRACKING_PARAMS } from '@datekit/runtime/schemas/api/signup';
import { defineRoute } from '../../http/define-route.ts';
import { insertPageBounce } from './tracking.queries.ts';

const MAX_VALUE_LENGTH = 100;

/**
 * Page-bounce logging (spec §7, query flag `lb`): a lander sends an empty JSON beacon when it becomes
 * hidden. The page is the Referer; only pages of the same brand host are recorded, so other sites
 * cannot write into a brand's statistics.
 */
export const pageHidden = defineRoute({
  method: 'POST',
  url: '/api/page-hidden.php',
  summary: 'Beacon from a lander opened with ?lb when it becomes hidden; records the page and its tracking parameters.',
  auth: 'none',
  // sendBeacon cannot set headers; the write is harmless and checked against the Referer instead.
  clientHeader: false,
  body: z.object({}),
  status: 204,
  handler: async ({ request, brand, services, reply }) => {
    const page = sameHostReferer(request.headers.referer, request.host);
    if (page) {
      const param = (name: string) => page.searchParams.get(name)?.slice(0, MAX_VALUE_LENGTH) || null;
      const tracking = Object.fromEntries(TRACKING_PARAMS.map((name) => [name, param(name)])) as Record<
        (typeof TRACKING_PARAMS)[number],
        string | null
      >;
      await insertPageBounce(services.db, {
        brand: brand.domain,
        path: page.pathname.slice(0, 200),
        ...tracking,
        created_at: services.now(),
      });
    }
    return reply.code(204).send();
  },
});

function sameHostReferer(referer: string | undefined, host: string): URL | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === host ? url : null;
  } catch {
    return null;
  }
}

export const trackingRoutes = [pageHidden];

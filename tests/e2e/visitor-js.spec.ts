import { expect, test } from '@playwright/test';
import {
  kb,
  measureJsBeforeInteraction,
  MOBILE_VIEWPORT,
  PAGES,
  VISITOR_BUDGET_BYTES,
} from '../../bench/visitor-js.ts';

// Issue 13: a visitor's page loads at most 30 KB of gzipped JavaScript before any interaction (no
// framework code); `npx tsx bench/visitor-js.ts` prints the same figures with the members' pages.
test.use({ viewport: MOBILE_VIEWPORT });

for (const visitorPage of PAGES.filter((measured) => measured.visitor)) {
  test(`${visitorPage.name} (${visitorPage.path}) loads at most ${kb(VISITOR_BUDGET_BYTES)} of JavaScript before interaction`, async ({
    page,
  }) => {
    const js = await measureJsBeforeInteraction(page, visitorPage.path);
    const largest = js.parts
      .slice(0, 5)
      .map((part) => `${part.name} ${kb(part.gzip)}`)
      .join(', ');
    expect(js.gzip, `${kb(js.gzip)}; largest: ${largest}`).toBeLessThanOrEqual(VISITOR_BUDGET_BYTES);
  });
}

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe's violations of `rules` on the page as it is now, one line per node. axe-core (a devDependency)
 * is evaluated through the debugger, so the page's CSP allows it.
 */
export async function axeViolations(page: Page, rules: string[]): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (ids) => {
    type Violation = { id: string; nodes: { html: string; failureSummary?: string }[] };
    type Axe = { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ids } });
    return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.html.slice(0, 160)}`));
  }, rules);
}

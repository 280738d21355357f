import { expect, test, type Page } from '@playwright/test';
import { islandHydrated, logIn } from './session.ts';

/** Collects every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('pages, islands, the entry warning, a lander and the members area run without a single violation', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const home = await page.goto('/');
    const csp = home!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // API answers carry the REST set instead: nothing to render, so nothing may frame or sniff them.
    const api = (await page.request.get('/api/settings.php')).headers();
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-content-type-options']).toBe('nosniff');
    // settings.php is kept and revalidated by its ETag; every other answer is no-store (ops.test.ts).
    expect(api['cache-control']).toBe('private, no-cache');

    // The entry warning is an inline-script-driven modal: it must show and close.
    const warning = page.getByTestId('entry-warning');
    await expect(warning).toBeVisible();
    await warning.getByTestId('entry-warning-enter').click();
    await expect(warning).toBeHidden();

    await page.goto('/landers/tinderswipe');
    await expect(page.locator('body')).toBeVisible();
    await page.goto('/pages/terms');
    await logIn(page);
    await page.goto('/members');
    await islandHydrated(page, 'MemberSearch');
    await page.goto('/chats');
    await expect(page.getByTestId('nav-account')).toBeVisible();
    expect(violations).toEqual([]);
  });
});

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the island holding `testId` has hydrated (Astro drops its `ssr` attribute then): typing
 * into the server-rendered HTML before that is lost when React takes over the controlled fields.
 */
export async function waitForHydration(scope: Page | Locator, testId: string): Promise<void> {
  await expect(scope.locator('astro-island', { has: scope.getByTestId(testId) }).first()).not.toHaveAttribute(
    'ssr',
    /.*/,
  );
}

/** Skips the optional steps before the account form (message, photo, about me) in a page or the modal. */
export async function skipToAccountStep(scope: Page | Locator): Promise<void> {
  const steps = scope.getByTestId('signup-steps');
  // On /signup the steps are server-rendered and must hydrate first; in the modal React renders them.
  if ('goto' in scope) await waitForHydration(scope, 'signup-steps');
  for (const step of ['message', 'photo', 'about']) {
    await expect(steps).toHaveAttribute('data-step', step);
    await steps.getByTestId('signup-step-skip').click();
  }
  await expect(steps).toHaveAttribute('data-step', 'personal');
}

/** After the account is created: skips the location step to reach "confirm your e-mail". */
export async function skipLocationStep(scope: Page | Locator): Promise<void> {
  const steps = scope.getByTestId('signup-steps');
  await expect(steps).toHaveAttribute('data-step', 'location');
  await steps.getByTestId('signup-step-skip').click();
}

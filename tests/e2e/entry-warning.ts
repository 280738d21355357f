import type { BrowserContext } from '@playwright/test';
import { ENTRY_WARNING_STORAGE_KEY } from '@datekit/runtime/rules/entry-warning';

/**
 * Marks the site-entry warning as skipped before any page of the context loads, as a returning
 * visitor who confirmed it earlier: for tests about something else, which the modal would block.
 */
export async function skipEntryWarning(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    try {
      if (!localStorage.getItem(key)) localStorage.setItem(key, String(Math.floor(Date.now() / 1000)));
    } catch {
      // about:blank and other opaque origins have no storage; the pages under test do.
    }
  }, ENTRY_WARNING_STORAGE_KEY);
}

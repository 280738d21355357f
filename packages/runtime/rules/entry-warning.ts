import type { LayoutName } from '../routes.ts';

/**
 * Where the time a visitor skipped the site-entry warning is kept (localStorage, unix seconds, like the
 * spec's other `hide-*` keys of §4). Any stored time means "skipped before": the spec sets no expiry.
 */
export const ENTRY_WARNING_STORAGE_KEY = 'hide-site-entry-warning';

/** Spec §2: in the chat, lander and empty layouts the warning applies only to visitors from these. */
export const ENTRY_WARNING_STRICT_COUNTRIES: readonly string[] = ['NL', 'DE'];

const STRICT_LAYOUTS: readonly LayoutName[] = ['chat', 'lander', 'empty'];

/** What the brand configures (build time). */
export interface EntryWarningConfig {
  layout: LayoutName;
  /** The brand's `enable_site_entry_popup`. */
  enabled: boolean;
  /** The brand's optional `site_entry_popup_countries`. */
  countries?: readonly string[] | undefined;
}

/** What only the browser knows. */
export interface EntryWarningVisit {
  loggedIn: boolean;
  /** Opened as an installed web app (display-mode standalone). */
  installedApp: boolean;
  /** Unix seconds of an earlier skip, or null. */
  skippedAt: number | null;
  /** `geoip_country` of GET /api/settings.php; null when the server does not know it. */
  country: string | null;
}

/**
 * Whether the answer depends on the visitor's country: only then must the page ask the server for it.
 * On the default layout without a country list it does not, so the warning needs no settings call.
 */
export function entryWarningNeedsCountry(config: EntryWarningConfig): boolean {
  return config.enabled && (STRICT_LAYOUTS.includes(config.layout) || config.countries !== undefined);
}

/**
 * Spec §2 Modals: the site-entry warning shows to logged-out visitors outside installed-app mode who
 * have not skipped it before, when the brand enables it; with a country list only to visitors from
 * those countries; in the chat, lander and empty layouts only to visitors from NL and DE.
 *
 * An unknown country (null) is treated cautiously: the warning shows, since it guards minors and
 * unwilling visitors, except where a rule names countries (a brand's list, or NL/DE on the stricter
 * layouts): a country we do not know cannot be shown to be one of them, so there it stays hidden.
 */
export function showEntryWarning(config: EntryWarningConfig, visit: EntryWarningVisit): boolean {
  if (!config.enabled || visit.loggedIn || visit.installedApp || visit.skippedAt !== null) return false;
  const country = visit.country?.toUpperCase() ?? null;
  if (config.countries !== undefined && (country === null || !config.countries.includes(country))) return false;
  if (STRICT_LAYOUTS.includes(config.layout)) {
    return country !== null && ENTRY_WARNING_STRICT_COUNTRIES.includes(country);
  }
  return true;
}

/** Reads the stored skip time; anything unreadable counts as "not skipped". */
export function parseSkippedAt(stored: string | null): number | null {
  if (stored === null) return null;
  const seconds = Number(stored);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

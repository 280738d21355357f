import {
  ENTRY_WARNING_STORAGE_KEY,
  entryWarningNeedsCountry,
  parseSkippedAt,
  showEntryWarning,
  type EntryWarningConfig,
} from '@datekit/runtime/rules/entry-warning';
import { $settings, loadSettings } from '@datekit/runtime/stores/settings';
import { $authState, type AuthState } from '@datekit/runtime/stores/user';

/**
 * Opens the prerendered site-entry warning (EntryWarning.astro) when the spec's rule says so. Plain
 * DOM rather than an island: it must open before any island has loaded, and on landers every byte of
 * JavaScript before interaction counts; the stores it reads are the ones page.ts loads anyway.
 */

function readSkippedAt(): number | null {
  try {
    return parseSkippedAt(localStorage.getItem(ENTRY_WARNING_STORAGE_KEY));
  } catch {
    // Storage blocked: the visitor cannot have skipped it, so it shows (and shows again next time).
    return null;
  }
}

function storeSkip(): void {
  try {
    localStorage.setItem(ENTRY_WARNING_STORAGE_KEY, String(Math.floor(Date.now() / 1000)));
  } catch {
    // Nothing to keep it in; the visitor confirms again on the next page.
  }
}

function isInstalledApp(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || matchMedia('(display-mode: standalone)').matches;
}

/** The first known member state: the GET /api/user.php that page.ts starts. */
function knownAuthState(): Promise<AuthState> {
  return new Promise((resolve) => {
    const unsubscribe = $authState.subscribe((state) => {
      if (state === 'unknown') return;
      resolve(state);
      queueMicrotask(() => unsubscribe());
    });
  });
}

/** `geoip_country` of GET /api/settings.php; null when unknown or when the call fails. */
async function visitorCountry(): Promise<string | null> {
  const settings = $settings.get() ?? (await loadSettings(location.host).catch(() => undefined));
  return settings?.geoip_country ?? null;
}

/** Escape must not dismiss the warning without a choice (spec §2: only closing by choice is a skip). */
function keepOpenUntilChosen(dialog: HTMLDialogElement): void {
  // Chromium honours `closedby="none"` (no Escape, no light dismiss); the listeners cover the others.
  dialog.setAttribute('closedby', 'none');
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  // The skip is kept at the choice itself: `close` fires in a later task, and a visitor who enters and
  // at once follows a link could leave the page before it runs and meet the warning again.
  dialog.querySelector('form')?.addEventListener('submit', (event) => {
    if (event.submitter instanceof HTMLButtonElement && event.submitter.value === 'enter') storeSkip();
  });
  dialog.addEventListener('close', () => {
    // Browsers let a repeated Escape through despite the cancelled event: open it again.
    if (dialog.returnValue !== 'enter') dialog.showModal();
  });
}

async function decide(dialog: HTMLDialogElement): Promise<boolean> {
  const config = JSON.parse(dialog.dataset.config ?? '{}') as EntryWarningConfig;
  const skippedAt = readSkippedAt();
  const installedApp = isInstalledApp();
  // Cheap answers first: no request when the visitor already skipped it or uses the installed app.
  if (!config.enabled || skippedAt !== null || installedApp) return false;
  const [authState, country] = await Promise.all([
    knownAuthState(),
    entryWarningNeedsCountry(config) ? visitorCountry() : Promise.resolve(null),
  ]);
  return showEntryWarning(config, { loggedIn: authState === 'logged-in', installedApp, skippedAt, country });
}

async function start(dialog: HTMLDialogElement): Promise<void> {
  const show = await decide(dialog);
  // The outcome is marked on the element, so tests (and styles) can tell "hidden" from "not decided yet".
  dialog.dataset.decision = show ? 'shown' : 'hidden';
  if (!show || dialog.open) return;
  keepOpenUntilChosen(dialog);
  dialog.showModal();
  // The dialog itself takes focus, so that its text is read before the choice (a browser would focus
  // the "enter" button first).
  dialog.focus();
}

const dialog = document.querySelector<HTMLDialogElement>('dialog[data-entry-warning]');
if (dialog) void start(dialog);

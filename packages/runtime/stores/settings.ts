import { atom, onMount, task } from 'nanostores';
import type { Settings } from '../schemas/api/settings.ts';
import { api, isBrowser } from './api.ts';

/** The brand's public settings as the server answers them for this host (spec §3 Settings, §7). */
export const $settings = atom<Settings | undefined>(undefined);
export const $domainLanguage = atom<string | undefined>(undefined);

onMount($settings, () => {
  if (!isBrowser()) return;
  if (!$settings.value) void loadSettings(location.host).catch(() => undefined);
});

/** GET /api/settings.php with the host forced as a parameter (spec §7), plus any route query to pass on. */
export function loadSettings(host: string, query: Record<string, string> = {}): Promise<Settings> {
  return task(async () => {
    const answer = await api().call('GET /api/settings.php', { query: { ...query, host } });
    $settings.set(answer.settings);
    $domainLanguage.set(answer.domain_language);
    return answer.settings;
  });
}

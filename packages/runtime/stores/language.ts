import { task } from 'nanostores';
import { languageCookie } from '../rules/language-cookie.ts';
import { api, isBrowser } from './api.ts';
import { receiveUser } from './user.ts';

/**
 * Chooses the site language (spec §9): the cookie first, so the next page load uses it whatever the
 * network does; then PUT /api/user.php, which saves it for a logged-in member. The caller reloads
 * the page, because every page is prerendered per language.
 */
export function setLanguage(language: string): Promise<void> {
  return task(async () => {
    if (isBrowser()) document.cookie = languageCookie(language, location.protocol === 'https:');
    try {
      const answer = await api().call('PUT /api/user.php', { body: { language } });
      if (answer.user) receiveUser(answer.user);
    } catch {
      // The cookie already carries the choice; saving it on the account can happen on a later switch.
    }
  });
}

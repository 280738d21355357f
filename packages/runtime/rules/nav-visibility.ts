/**
 * Which optional controls the top navigation shows on a route (spec §2 Top navigation).
 */

/** The member, likes, credits and credit-payment screens: the only ones with a back button. */
export const BACK_BUTTON_ROUTES: readonly string[] = [
  'members-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
];

/** Routes on which the language dropdown is hidden. */
export const NO_LANGUAGE_SWITCH_ROUTES: readonly string[] = ['complete-signup'];

/**
 * Whether the site runs as an installed app: the web app manifest's standalone display mode, or
 * iOS's home-screen mode, which Safari reports only through `navigator.standalone`.
 */
export function isInstalledApp(displayModeStandalone: boolean, iosStandalone: boolean | undefined): boolean {
  return displayModeStandalone || iosStandalone === true;
}

/**
 * The back button shows only in installed-app mode, where the browser has no back button of its own,
 * only when there is a page to go back to (history longer than 1), and only on the screens above.
 */
export function showsBackButton(route: string, installedApp: boolean, historyLength: number): boolean {
  return installedApp && historyLength > 1 && BACK_BUTTON_ROUTES.includes(route);
}

/** The language dropdown: when the brand has more than one language, except on complete-signup. */
export function showsLanguageSwitch(route: string, languageCount: number): boolean {
  return languageCount > 1 && !NO_LANGUAGE_SWITCH_ROUTES.includes(route);
}

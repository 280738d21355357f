import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { BACK_BUTTON_ROUTES, isInstalledApp, showsBackButton, showsLanguageSwitch } from './nav-visibility.ts';

describe('isInstalledApp', () => {
  it('is true in the standalone display mode of the web app manifest', () => {
    expect(isInstalledApp(true, undefined)).toBe(true);
  });

  it("is true on iOS's home screen, which sets navigator.standalone", () => {
    expect(isInstalledApp(false, true)).toBe(true);
  });

  it('is false in a browser tab', () => {
    expect(isInstalledApp(false, undefined)).toBe(false);
    expect(isInstalledApp(false, false)).toBe(false);
  });
});

describe('showsBackButton', () => {
  it('shows on the member, likes, credits and credit-payment screens of an installed app with history', () => {
    for (const route of ['members-id', 'likes', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']) {
      expect(showsBackButton(route, true, 2), route).toBe(true);
    }
  });

  it('never shows in a browser tab, which has its own back button', () => {
    expect(showsBackButton('members-id', false, 5)).toBe(false);
  });

  it('does not show when there is no page to go back to', () => {
    expect(showsBackButton('members-id', true, 1)).toBe(false);
    expect(showsBackButton('credits', true, 0)).toBe(false);
  });

  it('does not show on other screens', () => {
    for (const route of ['index', 'members', 'chats', 'premium', 'credits-repeat-order', 'settings']) {
      expect(showsBackButton(route, true, 3), route).toBe(false);
    }
  });

  it('names only routes that exist', () => {
    const names = ROUTES.map((r) => r.name);
    expect(BACK_BUTTON_ROUTES.filter((route) => !names.includes(route))).toEqual([]);
  });
});

describe('showsLanguageSwitch', () => {
  it('shows when the brand has more than one language', () => {
    expect(showsLanguageSwitch('index', 2)).toBe(true);
  });

  it('is hidden for a brand with one language', () => {
    expect(showsLanguageSwitch('index', 1)).toBe(false);
  });

  it('is hidden on complete-signup', () => {
    expect(showsLanguageSwitch('complete-signup', 4)).toBe(false);
  });
});

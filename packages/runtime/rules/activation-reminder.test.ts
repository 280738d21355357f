import { describe, expect, it } from 'vitest';
import {
  activationReminderMode,
  isSmartphone,
  showsActivationReminder,
  withoutSignupCompleteFlag,
} from './activation-reminder.ts';

const unconfirmed = { status: 'not_confirmed', profile: { status: 'disabled' } };

describe('showsActivationReminder', () => {
  it('reminds a member who has not confirmed and whose profile is disabled', () => {
    expect(showsActivationReminder(unconfirmed, 'members')).toBe(true);
    expect(showsActivationReminder(unconfirmed, 'complete-signup')).toBe(true);
  });

  it.each(['signup', 'members-id-signup', 'settings', 'notifications'])('stays away on %s', (route) => {
    expect(showsActivationReminder(unconfirmed, route)).toBe(false);
  });

  it('needs both the unconfirmed status and the disabled profile', () => {
    expect(showsActivationReminder({ status: 'active', profile: { status: 'disabled' } }, 'members')).toBe(false);
    expect(showsActivationReminder({ status: 'not_confirmed', profile: { status: 'active' } }, 'members')).toBe(false);
  });

  it('never shows to visitors or while the member is loading', () => {
    expect(showsActivationReminder(null, 'members')).toBe(false);
    expect(showsActivationReminder(undefined, 'members')).toBe(false);
  });
});

describe('isSmartphone', () => {
  it('is a touch screen narrower than 768 px', () => {
    expect(isSmartphone({ coarsePointer: true, viewportWidth: 390 })).toBe(true);
    expect(isSmartphone({ coarsePointer: true, viewportWidth: 767 })).toBe(true);
    expect(isSmartphone({ coarsePointer: true, viewportWidth: 768 })).toBe(false);
    expect(isSmartphone({ coarsePointer: false, viewportWidth: 390 })).toBe(false);
  });
});

describe('activationReminderMode', () => {
  it('is a modal only with the flag on a smartphone', () => {
    expect(activationReminderMode('?api_signup_complete=1', true)).toBe('modal');
    expect(activationReminderMode('?x=1&api_signup_complete', true)).toBe('modal');
    expect(activationReminderMode('?api_signup_complete=1', false)).toBe('alert');
    expect(activationReminderMode('', true)).toBe('alert');
  });

  it('drops the flag and keeps the rest of the address', () => {
    expect(withoutSignupCompleteFlag('https://a.test/members?api_signup_complete=1&page=2#top')).toBe(
      '/members?page=2#top',
    );
    expect(withoutSignupCompleteFlag('https://a.test/?api_signup_complete')).toBe('/');
  });
});

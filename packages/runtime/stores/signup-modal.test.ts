import { afterEach, describe, expect, it } from 'vitest';
import {
  $signupModal,
  closeSignupModal,
  intentTracking,
  openFromPendingIntent,
  openSignupModal,
  setSignupPending,
  type SignupIntentScope,
} from './signup-modal.ts';

afterEach(() => {
  closeSignupModal('closed');
});

describe('$signupModal', () => {
  it('opens and is dismissed by the visitor when nothing is pending', () => {
    openSignupModal();
    expect($signupModal.get().open).toBe(true);
    expect(closeSignupModal()).toBe(true);
    expect($signupModal.get().open).toBe(false);
  });

  it('refuses a dismissal while the signup request is pending', () => {
    openSignupModal();
    setSignupPending(true);
    expect(closeSignupModal('dismiss')).toBe(false);
    expect($signupModal.get()).toMatchObject({ open: true, pending: true });
    setSignupPending(false);
    expect(closeSignupModal('dismiss')).toBe(true);
  });

  it('closes when the signup ends or sends the visitor to log in, even if still pending', () => {
    openSignupModal();
    setSignupPending(true);
    expect(closeSignupModal('closed')).toBe(true);
    openSignupModal();
    setSignupPending(true);
    expect(closeSignupModal('login')).toBe(true);
    expect($signupModal.get().open).toBe(false);
  });

  it('starts every opening with nothing pending and the tracking of the call-to-action', () => {
    openSignupModal();
    setSignupPending(true);
    closeSignupModal('closed');
    openSignupModal({ tracking: { network: 'tj' } });
    expect($signupModal.get()).toEqual({ open: true, pending: false, tracking: { network: 'tj' } });
  });

  it('ignores pending reports while closed', () => {
    setSignupPending(true);
    expect($signupModal.get().pending).toBe(false);
  });
});

describe('intentTracking', () => {
  it('takes the intent’s tracking object, known keys only', () => {
    expect(intentTracking({ tracking: { network: 'tj', sub1: 'a', utm: 'x' } as never })).toEqual({
      network: 'tj',
      sub1: 'a',
    });
  });

  it('takes a tracking query string', () => {
    expect(intentTracking({ tracking: '?ref=42&sub3=c' })).toEqual({ ref: '42', sub3: 'c' });
  });

  it('falls back to the query of the link', () => {
    expect(intentTracking({ href: '/signup?network=fb&sub2=b', tracking: {} })).toEqual({ network: 'fb', sub2: 'b' });
  });

  it('answers nothing for a link without tracking', () => {
    expect(intentTracking({ href: '/signup' })).toEqual({});
  });
});

describe('openFromPendingIntent', () => {
  it('opens the modal once for a call-to-action clicked before hydration', () => {
    const scope: SignupIntentScope = { __datekitSignupIntent: { href: '/signup?sub1=x' } };
    expect(openFromPendingIntent(scope)).toBe(true);
    expect($signupModal.get()).toMatchObject({ open: true, tracking: { sub1: 'x' } });
    expect(scope.__datekitSignupIntent).toBeUndefined();
    closeSignupModal();
    expect(openFromPendingIntent(scope)).toBe(false);
    expect($signupModal.get().open).toBe(false);
  });
});

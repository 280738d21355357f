import { describe, expect, it } from 'vitest';
import { TIME_BONUS_SECONDS } from './constants.ts';
import {
  discountedCents,
  formatCountdown,
  methodsForCountry,
  paymentCurrency,
  timeBonusSecondsLeft,
  toCents,
} from './payments.ts';

describe('payment rules', () => {
  it('offers local methods only in their country and never discontinued ones', () => {
    const brand = ['ideal', 'bancontact', 'creditcard', 'sofort', 'giropay', 'blik', 'paypal'];
    expect(methodsForCountry(brand, 'NL')).toEqual(['ideal', 'creditcard', 'paypal']);
    expect(methodsForCountry(brand, 'BE')).toEqual(['bancontact', 'creditcard', 'paypal']);
    expect(methodsForCountry(brand, 'PL')).toEqual(['creditcard', 'blik', 'paypal']);
  });

  it('charges in the member country currency when the brand sells in it', () => {
    expect(paymentCurrency(['DK', 'SE'], 'SE')).toBe('SEK');
    expect(paymentCurrency(['DK', 'SE'], 'NL')).toBe('DKK');
  });

  it('computes amounts in whole cents', () => {
    expect(toCents(19.95)).toBe(1995);
    expect(toCents(0.29)).toBe(29);
    expect(discountedCents(1495, 25)).toBe(1121);
    expect(discountedCents(2995, 0)).toBe(2995);
    expect(discountedCents(100, 100)).toBe(0);
  });

  it('runs the time bonus for 14400 s after signup, for unpaid members only', () => {
    const signup = 1_700_000_000_000;
    expect(timeBonusSecondsLeft(signup, signup, false)).toBe(TIME_BONUS_SECONDS);
    expect(timeBonusSecondsLeft(signup, signup + 14_399_000, false)).toBe(1);
    expect(timeBonusSecondsLeft(signup, signup + 14_400_000, false)).toBe(0);
    expect(timeBonusSecondsLeft(signup, signup + 99_000_000, false)).toBe(0);
    expect(timeBonusSecondsLeft(signup, signup, true)).toBe(0);
  });

  it('writes the countdown as hh:mm:ss', () => {
    expect(formatCountdown(14_400)).toBe('04:00:00');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
  });
});

import { describe, expect, it } from 'vitest';
import { badgeText, creditBadgeState } from './badges.ts';

describe('badgeText', () => {
  it('shows nothing for zero or less', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
  });

  it('shows the count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });

  it('shows 99+ above 99', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});

describe('creditBadgeState', () => {
  it('shows no badge above 10 credits', () => {
    expect(creditBadgeState(11)).toBe('none');
    expect(creditBadgeState(500)).toBe('none');
  });

  it('warns from 10 down to 1 credit', () => {
    expect(creditBadgeState(10)).toBe('warning');
    expect(creditBadgeState(1)).toBe('warning');
  });

  it('is dangerous at 0', () => {
    expect(creditBadgeState(0)).toBe('danger');
  });
});

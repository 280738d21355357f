import { describe, expect, it } from 'vitest';
import { badgeCount, titleWithBadge } from './title-badge.ts';

describe('badgeCount', () => {
  it('adds unread messages and new likes', () => {
    expect(badgeCount({ unreadMessages: 2, newLikes: 3 })).toBe(5);
    expect(badgeCount({ unreadMessages: 0, newLikes: 0 })).toBe(0);
  });
});

describe('titleWithBadge', () => {
  it('prefixes the count in parentheses', () => {
    expect(titleWithBadge('Chats · Demo', 1)).toBe('(1) Chats · Demo');
  });
  it('replaces an earlier prefix instead of stacking it', () => {
    expect(titleWithBadge('(1) Chats · Demo', 4)).toBe('(4) Chats · Demo');
  });
  it('drops the prefix at zero', () => {
    expect(titleWithBadge('(7) Chats · Demo', 0)).toBe('Chats · Demo');
    expect(titleWithBadge('Chats · Demo', 0)).toBe('Chats · Demo');
  });
  it('keeps a title that merely starts with a parenthesis', () => {
    expect(titleWithBadge('(Demo) site', 2)).toBe('(2) (Demo) site');
  });
});

import { describe, expect, it } from 'vitest';
import { likesTab } from './likes-tabs.ts';

describe('likesTab', () => {
  it('knows the three tabs', () => {
    expect(likesTab('received')).toBe('received');
    expect(likesTab('sent')).toBe('sent');
    expect(likesTab('matches')).toBe('matches');
  });

  it('opens /likes on received likes', () => {
    expect(likesTab(undefined)).toBe('received');
  });

  it('rejects any other type', () => {
    expect(likesTab('Received')).toBeNull();
    expect(likesTab('m')).toBeNull();
    expect(likesTab('')).toBeNull();
  });
});

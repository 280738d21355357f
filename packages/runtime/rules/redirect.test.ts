import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirectPath('/chats/12?x=1')).toBe('/chats/12?x=1');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'chats', '', null, '/a\nb'])(
    'rejects %j',
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );
});

describe('afterLoginPath', () => {
  it('follows the redirect parameter the server adds', () => {
    expect(afterLoginPath('?redirect=%2Fmembers%2F7', '/')).toBe('/members/7');
  });

  it('falls back when there is none or it leaves the site', () => {
    expect(afterLoginPath('', '/members')).toBe('/members');
    expect(afterLoginPath('?redirect=https://evil.example', '/')).toBe('/');
  });
});

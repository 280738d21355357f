import { describe, expect, it } from 'vitest';
import { isDynamicPath, shellFile, shellParam } from './route-shells.ts';

describe('shellFile', () => {
  it('puts the index at index.html', () => {
    expect(shellFile('/')).toBe('index.html');
  });

  it('puts a static route in its own directory', () => {
    expect(shellFile('/login')).toBe('login/index.html');
    expect(shellFile('/activate/done')).toBe('activate/done/index.html');
  });

  it('prerenders a dynamic route once, parameters replaced by placeholders', () => {
    expect(shellFile('/members/{id}')).toBe('members/_id/index.html');
    expect(shellFile('/credits/{id}/{paymentmethod?}')).toBe('credits/_id/_paymentmethod/index.html');
    expect(shellFile('/transactions/{id?}')).toBe('transactions/_id/index.html');
  });

  it('names the placeholder the way pages name their parameter', () => {
    expect(shellFile('/chats/{id}')).toBe(`chats/${shellParam('id')}/index.html`);
  });
});

describe('isDynamicPath', () => {
  it('tells dynamic paths from static ones', () => {
    expect(isDynamicPath('/members/{id}')).toBe(true);
    expect(isDynamicPath('/transactions/{id?}')).toBe(true);
    expect(isDynamicPath('/members')).toBe(false);
  });
});

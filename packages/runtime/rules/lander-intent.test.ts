import { describe, expect, it } from 'vitest';
import { isPlainActivation, type ActivationLike } from './lander-intent.ts';

const plain: ActivationLike = {
  button: 0,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
};

describe('isPlainActivation', () => {
  it('takes over a plain primary click', () => {
    expect(isPlainActivation(plain)).toBe(true);
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['a ctrl-click', { ctrlKey: true }],
    ['a cmd-click', { metaKey: true }],
    ['a shift-click', { shiftKey: true }],
    ['an alt-click', { altKey: true }],
    ['a click already handled', { defaultPrevented: true }],
  ])('leaves %s to the browser', (_, change) => {
    expect(isPlainActivation({ ...plain, ...change })).toBe(false);
  });
});

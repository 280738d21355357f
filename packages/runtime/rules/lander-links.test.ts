import { describe, expect, it } from 'vitest';
import { ctaHref, hrefWithTracking, memberSignupPath, withCtaLinks } from './lander-links.ts';

describe('hrefWithTracking', () => {
  it('adds the tracking parameters to a plain path', () => {
    expect(hrefWithTracking('/signup', { network: 'e2e', sub1: 'x' })).toBe('/signup?network=e2e&sub1=x');
  });

  it('leaves the link alone without tracking', () => {
    expect(hrefWithTracking('/signup', {})).toBe('/signup');
    expect(hrefWithTracking('../signup#form', {})).toBe('../signup#form');
  });

  it('keeps other parameters and the fragment, and replaces a stale tracking value', () => {
    expect(hrefWithTracking('/signup?step=2&network=old#form', { network: 'new', ref: 'a b' })).toBe(
      '/signup?step=2&network=new&ref=a+b#form',
    );
  });

  it('keeps a relative path relative', () => {
    expect(hrefWithTracking('signup', { sub3: 'z' })).toBe('signup?sub3=z');
  });
});

describe('memberSignupPath', () => {
  it.each([
    ['/members/42/landing', '/members/42/signup'],
    ['/members/42/landing2', '/members/42/signup'],
    ['/members/42/landing3/milf', '/members/42/signup'],
    ['/members/42/landing/', '/members/42/signup'],
  ])('%s -> %s', (pathname, expected) => {
    expect(memberSignupPath(pathname)).toBe(expected);
  });

  it.each(['/landers/gallery', '/members', '/members/42', '/members/_id/landing'])(
    '%s is no member page',
    (pathname) => {
      expect(memberSignupPath(pathname)).toBeNull();
    },
  );
});

describe('ctaHref', () => {
  it('keeps only the known tracking parameters of the page query', () => {
    expect(
      ctaHref({ href: '/signup', memberSignup: false }, '/landers/gallery', '?network=e2e&lb=1&sub1=x&utm=y'),
    ).toBe('/signup?network=e2e&sub1=x');
  });

  it('sends a member landing page to that member signup', () => {
    expect(ctaHref({ href: 'signup', memberSignup: true }, '/members/7/landing', '?ref=ad')).toBe(
      '/members/7/signup?ref=ad',
    );
  });

  it('keeps the prerendered link when the path names no member', () => {
    expect(ctaHref({ href: 'signup', memberSignup: true }, '/members/_id/landing', '')).toBe('signup');
  });
});

describe('withCtaLinks', () => {
  const page = [
    '<a class="brand" href="/">Home</a>',
    '<a href="/signup" class="btn" data-signup-cta>Join</a>',
    '<a href="/signup" data-signup-cta="">Join again</a>',
    '<a href="/signup" data-signup-ctaish>Not a call to action</a>',
    '<a href="signup" data-signup-cta data-member-signup>See the profile</a>',
  ].join('\n');

  it('puts the tracking parameters, HTML-escaped, into every call to action and nothing else', () => {
    const html = withCtaLinks(page, '/members/9/landing', '?network=e2e&sub1=x&sub2=%22%3E');
    expect(html.split('\n')).toEqual([
      '<a class="brand" href="/">Home</a>',
      '<a href="/signup?network=e2e&amp;sub1=x&amp;sub2=%22%3E" class="btn" data-signup-cta>Join</a>',
      '<a href="/signup?network=e2e&amp;sub1=x&amp;sub2=%22%3E" data-signup-cta="">Join again</a>',
      '<a href="/signup" data-signup-ctaish>Not a call to action</a>',
      '<a href="/members/9/signup?network=e2e&amp;sub1=x&amp;sub2=%22%3E" data-signup-cta data-member-signup>See the profile</a>',
    ]);
  });

  it('changes nothing but member links without tracking parameters', () => {
    expect(withCtaLinks(page, '/landers/gallery', '')).toBe(page);
  });
});

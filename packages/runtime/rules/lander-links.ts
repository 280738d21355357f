import type { Tracking } from '../schemas/api/signup.ts';
import { TRACKING_KEYS, trackingFromSearch } from './tracking.ts';

/**
 * Where the signup calls to action of landers point (spec §2 landing pages, §3 tracking info): the
 * signup, keeping the tracking parameters the visitor arrived with, so that they reach the signup even
 * when the link is followed without JavaScript. On member landing pages the link leads to that
 * member's signup route (`/members/{id}/signup`).
 */

/** Attribute of every signup call to action; the `client:interaction` directive listens for it too. */
export const SIGNUP_CTA_ATTRIBUTE = 'data-signup-cta';
/** Set on a call to action whose target is the signup of the member in the page's path. */
export const MEMBER_SIGNUP_ATTRIBUTE = 'data-member-signup';

/** `href` with the tracking parameters set in its query; its other parameters, path form and fragment stay. */
export function hrefWithTracking(href: string, tracking: Tracking): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  for (const key of TRACKING_KEYS) {
    const value = tracking[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

/** `/members/42/landing2/milf` -> `/members/42/signup`; null when the path is not below a member. */
export function memberSignupPath(pathname: string): string | null {
  const match = /^\/members\/([^/]+)\//.exec(pathname);
  if (!match || match[1]!.startsWith('_')) return null;
  return `/members/${match[1]}/signup`;
}

export interface CtaTarget {
  /** The link as prerendered. */
  href: string;
  /** Whether it is a member landing page's link to that member's signup. */
  memberSignup: boolean;
}

/** The link a call to action should have on the page at `pathname` reached with `search`. */
export function ctaHref(target: CtaTarget, pathname: string, search: string): string {
  const base = (target.memberSignup && memberSignupPath(pathname)) || target.href;
  return hrefWithTracking(base, trackingFromSearch(search));
}

/**
 * For the server: a prerendered lander page with its calls to action pointing where `ctaHref` says for
 * this request, so that a visitor without JavaScript keeps the tracking parameters (and reaches the
 * right member) too. Only `<a>` tags that carry the call-to-action attribute change.
 */
export function withCtaLinks(html: string, pathname: string, search: string): string {
  // Built here rather than at module level: browser bundles that import this file's constants stay free of them.
  const ctaTag = new RegExp(`<a\\b[^>]*\\s${SIGNUP_CTA_ATTRIBUTE}(?=[\\s=>])[^>]*>`, 'g');
  const memberAttribute = new RegExp(`\\s${MEMBER_SIGNUP_ATTRIBUTE}(?=[\\s=>])`);
  return html.replace(ctaTag, (tag) =>
    tag.replace(/(\shref=")([^"]*)(")/, (_, open: string, value: string, close: string) => {
      const target = { href: unescapeAttribute(value), memberSignup: memberAttribute.test(tag) };
      return `${open}${escapeAttribute(ctaHref(target, pathname, search))}${close}`;
    }),
  );
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

import { bounceLoggingEnabled, PAGE_HIDDEN_ENDPOINT, pageHiddenBody } from '@datekit/runtime/rules/lander-bounce';
import { ctaHref, MEMBER_SIGNUP_ATTRIBUTE, SIGNUP_CTA_ATTRIBUTE } from '@datekit/runtime/rules/lander-links';

/**
 * The one script of a lander before any interaction (spec §2, §7, §9), kept tiny on purpose:
 * - calls to action point at the signup with the tracking parameters of this URL (and, on a member
 *   landing page, at that member's signup), whether or not the server already rewrote them;
 * - with the query flag `lb`, the page sends one beacon to the page-hidden endpoint when it is hidden.
 */
for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${SIGNUP_CTA_ATTRIBUTE}]`)) {
  const target = { href: link.getAttribute('href') ?? '', memberSignup: link.hasAttribute(MEMBER_SIGNUP_ATTRIBUTE) };
  link.setAttribute('href', ctaHref(target, location.pathname, location.search));
}

if (bounceLoggingEnabled(location.search)) {
  const onVisibilityChange = () => {
    if (document.visibilityState !== 'hidden') return;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    navigator.sendBeacon(PAGE_HIDDEN_ENDPOINT, pageHiddenBody());
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
}

import type { ClientDirective } from 'astro';

/**
 * `client:member`: hydrates its island once the page knows a member is logged in, that is once
 * `page.ts` put `logged-in` on <body> (after GET /api/user.php answers). Islands that only ever show
 * something to members (their navigation, banners, the match modal, a profile) use it, so that a
 * visitor's page loads no framework code for them. A visitor who logs in or signs up on the page (the
 * signup modal) gets them then. Astro inlines this file into every page that uses the directive: no
 * imports.
 *
 * `client:member="idle"` then waits for the browser to be idle (1.5 s at most): for what frames the
 * page (navigation, banners, the match modal), so that on a phone the page's own content and its
 * pictures get the connections and the main thread first (issue 13: the search's largest paint).
 */
const member: ClientDirective = (load, options, _island) => {
  const body = document.body;
  const isMember = () => body.classList.contains('logged-in');
  // A chunk that fails to load rejects unhandled, as with Astro's own directives: the page's chunk
  // reload (src/scripts/chunk-reload.ts) takes it from there.
  const hydrateNow = () => void load().then((run) => run());
  // Safari has no requestIdleCallback: there the frame hydrates at once, as before.
  const whenIdle = options.value === 'idle' && 'requestIdleCallback' in window;
  const hydrate = whenIdle ? () => requestIdleCallback(hydrateNow, { timeout: 1500 }) : hydrateNow;

  if (isMember()) {
    hydrate();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!isMember()) return;
    observer.disconnect();
    hydrate();
  });
  observer.observe(body, { attributes: true, attributeFilter: ['class'] });
};

export default member;

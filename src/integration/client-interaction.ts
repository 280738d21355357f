import type { ClientDirective } from 'astro';
import { isPlainActivation, SIGNUP_CTA_SELECTOR } from '@datekit/runtime/rules/lander-intent';
import { trackingFromSearch } from '@datekit/runtime/rules/tracking';

/**
 * `client:interaction`: hydrates its island on the visitor's first activation of a signup call to
 * action (`[data-signup-cta]`), so that a lander ships no framework code before anyone asks for it.
 *
 * A pointerdown or Enter on a call to action starts loading the island early (the click follows a few
 * dozen milliseconds later). The click itself is taken over: the link is not followed, the intent is
 * left in `window.__datekitSignupIntent` for the island to act on when it mounts (the signup modal opens
 * itself), and the island hydrates. From then on the island handles calls to action itself. Should the
 * code fail to load (offline, a deploy in between), the link is followed after all.
 *
 * Astro bundles this file with esbuild and inlines it into every page that uses the directive: keep its
 * imports to small, dependency-free rules.
 */
const interaction: ClientDirective = (load, _options, _element) => {
  let loading: ReturnType<typeof load> | undefined;
  let hydrating: Promise<void> | undefined;

  const startLoading = () => (loading ??= load());
  const callToAction = (event: Event): HTMLElement | null =>
    event.target instanceof Element ? event.target.closest<HTMLElement>(SIGNUP_CTA_SELECTOR) : null;

  const onPointerDown = (event: PointerEvent) => {
    if (event.button === 0 && callToAction(event)) void startLoading().catch(() => undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && callToAction(event)) void startLoading().catch(() => undefined);
  };
  const onClick = (event: MouseEvent) => {
    const target = callToAction(event);
    if (!target || !isPlainActivation(event)) return;
    event.preventDefault();
    const href = target.getAttribute('href') ?? '/signup';
    window.__datekitSignupIntent = { href, tracking: trackingFromSearch(location.search) };
    hydrating ??= startLoading()
      .then((hydrate) => hydrate())
      .then(stopListening, () => location.assign(href));
  };

  // Capture phase: the page's own handlers cannot swallow the first click before the island exists.
  document.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('click', onClick, true);

  function stopListening() {
    document.removeEventListener('pointerdown', onPointerDown, { capture: true });
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('click', onClick, true);
  }
};

export default interaction;

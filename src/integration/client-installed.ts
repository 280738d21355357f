import type { ClientDirective } from 'astro';

/**
 * `client:installed`: hydrates its island only in the installed app (the web app started from the
 * home screen: `display-mode: standalone`, or iOS's `navigator.standalone`), for the back button that
 * only the app shows; in a browser tab its framework code never loads. Astro inlines this file into
 * every page that uses the directive: no imports.
 */
const installed: ClientDirective = (load) => {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (!standalone && !matchMedia('(display-mode: standalone)').matches) return;
  // A chunk that fails to load rejects unhandled, as with Astro's own directives: the page's chunk
  // reload (src/scripts/chunk-reload.ts) takes it from there.
  void load().then((hydrate) => hydrate());
};

export default installed;

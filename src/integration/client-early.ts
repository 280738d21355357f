import type { ClientDirective } from 'astro';
import { EARLY_ACTION_ATTRIBUTE, EARLY_INPUT_ATTRIBUTE } from '../scripts/early-actions.ts';

/** What may be pressed inside an island: buttons do nothing (or submit natively) before hydration. */
const PRESSABLE = 'button, input[type="submit"], input[type="button"], input[type="image"]';

/**
 * `client:early`: for islands members type into (signup, login, password, profile, chat). Hydrates when
 * the browser is idle, or at once when the member focuses, presses or types inside the island, and
 * loses nothing the member does before that:
 *
 * - what they type stays in the DOM; the island is marked as changed, and its root announces the
 *   changed fields to React once hydrated (`replayEarlyActions` in `src/scripts/early-actions.ts`);
 * - a press of a button, or a form submitted with Enter, is held (no native submission, which would
 *   post the form to the page without the API) and marked with `data-early-action`; the island presses
 *   it again once hydrated. Only the last press is kept.
 *
 * Links inside the island keep working as links. With `client:early="touch"` the island waits for the
 * member's first touch and does not hydrate when idle: for islands of visitor pages (the language
 * switcher) whose framework code must not load before anyone uses them.
 *
 * Astro inlines this file into every page that uses the
 * directive: keep its imports to small, dependency-free modules.
 */
const early: ClientDirective = (load, options, island) => {
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    void load()
      .then((hydrate) => hydrate())
      // After hydrate() React listens on the island itself and hydrates at once on a press.
      .then(stopListening, () => undefined);
  };

  const hold = (target: Element) => {
    for (const marked of island.querySelectorAll(`[${EARLY_ACTION_ATTRIBUTE}]`)) {
      marked.removeAttribute(EARLY_ACTION_ATTRIBUTE);
    }
    target.setAttribute(EARLY_ACTION_ATTRIBUTE, '');
  };

  const onClick = (event: MouseEvent) => {
    const pressed = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
    if (pressed && island.contains(pressed)) {
      event.preventDefault();
      hold(pressed);
    }
    start();
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const target = event.submitter ?? form;
    if (target) hold(target);
    start();
  };

  const onInput = () => {
    island.setAttribute(EARLY_INPUT_ATTRIBUTE, '');
    start();
  };

  island.addEventListener('click', onClick, true);
  island.addEventListener('submit', onSubmit, true);
  island.addEventListener('input', onInput, true);
  island.addEventListener('change', onInput, true);
  for (const type of ['focusin', 'pointerdown', 'keydown']) island.addEventListener(type, start, true);
  if (options.value === 'touch') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 200);

  function stopListening() {
    island.removeEventListener('click', onClick, true);
    island.removeEventListener('submit', onSubmit, true);
    island.removeEventListener('input', onInput, true);
    island.removeEventListener('change', onInput, true);
    for (const type of ['focusin', 'pointerdown', 'keydown']) island.removeEventListener(type, start, true);
  }
};

export default early;

import type { PreinitializedWritableAtom } from 'nanostores';
import type { Image } from '@datekit/runtime/schemas/api/user';
import { eagerPictures } from '@datekit/runtime/rules/search-form';

type Pictured = readonly { main_image: Image | null }[];

/**
 * Asks for the first pictures of a results grid as soon as its answer arrives, at the priority the
 * cards give them, so that they load while React renders the cards (which then find them in the
 * browser's cache): the largest contentful paint of a results page on a phone.
 */
export function preloadFirstPictures(profiles: Pictured): void {
  for (const href of eagerPictures(profiles)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}

/**
 * Preloads the first pictures of a results store's first answer, from the page's own script.
 * `picturesOf` gives the members of an answer, `null` for a state that settled without one (failed),
 * `undefined` while it is still on its way. On a busy phone the island can hydrate before the page's
 * script runs and hold the answer already: then its pictures are preloaded at once, not never.
 * The listener stays: it keeps the store mounted until the island subscribes, so it asks only once.
 */
export function preloadFirstAnswer<State>(
  store: PreinitializedWritableAtom<State>,
  picturesOf: (state: State) => Pictured | null | undefined,
): void {
  let done = false;
  const settle = (state: State) => {
    const pictures = picturesOf(state);
    if (done || pictures === undefined) return;
    done = true;
    if (pictures) preloadFirstPictures(pictures);
  };
  // `.value`, not `.get()`: reading must not mount the store, which would start its request here too.
  settle(store.value);
  store.listen(settle);
}

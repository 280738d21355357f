/**
 * Ids for SVG gradients and filters: unique across a page that shows the same illustration twice, and
 * the same in every build, so pages stay byte-stable. The counter is per page (keyed by the page's
 * request, which every component of one page render shares): a page's ids must not depend on which
 * pages the build rendered before it, since `datekit build` renders only the brands that changed.
 */
const counters = new WeakMap<object, number>();

export function svgId(page: object, prefix: string): string {
  const counter = (counters.get(page) ?? 0) + 1;
  counters.set(page, counter);
  return `${prefix}-${counter.toString(36)}`;
}

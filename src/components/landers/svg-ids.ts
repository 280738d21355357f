/**
 * Ids for SVG gradients and filters: unique across a page that shows the same illustration twice, and
 * the same in every build (a counter in render order, not a random value), so pages stay byte-stable.
 */
let counter = 0;

export function svgId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter.toString(36)}`;
}

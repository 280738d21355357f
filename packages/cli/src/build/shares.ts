/**
 * Language versions per worker below which a second worker costs more than it saves: each worker
 * loads Astro and bundles the site (20–30 CPU-seconds) before rendering its first page.
 */
export const MIN_LANGUAGES_PER_WORKER = 8;

/** How many processes render: one per core, as long as each gets enough language versions to be worth it. */
export function workerCount(languages: number, cores: number, env = process.env.DATEKIT_BUILD_WORKERS): number {
  const wanted = Number(env);
  if (Number.isInteger(wanted) && wanted > 0) return Math.min(wanted, languages);
  return Math.max(1, Math.min(cores, Math.floor(languages / MIN_LANGUAGES_PER_WORKER)));
}

/**
 * Splits language versions into `count` shares of about equal pages (largest first, each to the
 * share with the fewest pages so far); empty shares are left out. Keys keep their order in a share.
 */
export function splitShares<K extends string>(keys: readonly K[], count: number, pages: (key: K) => number): K[][] {
  if (count <= 1) return keys.length ? [[...keys]] : [];
  const shares = Array.from({ length: count }, () => ({ keys: [] as K[], pages: 0 }));
  const bySize = [...keys].sort((a, b) => pages(b) - pages(a));
  for (const key of bySize) {
    const lightest = shares.reduce((min, share) => (share.pages < min.pages ? share : min));
    lightest.keys.push(key);
    lightest.pages += pages(key);
  }
  const order = new Map(keys.map((key, i) => [key, i]));
  return shares
    .filter((share) => share.keys.length > 0)
    .map((share) => share.keys.sort((a, b) => order.get(a)! - order.get(b)!));
}

/**
 * Latencies counted in buckets 2 % wide on a log scale: a window's thousands of samples cost a few
 * hundred numbers, and the histograms of several generator processes add up exactly (percentiles of
 * percentiles would not). Quantiles are read as the bucket's upper bound, so they err high by < 2 %.
 */
export type Histogram = Record<number, number>;

const STEP = Math.log(1.02);
/** Bucket 0 holds everything up to 10 µs. */
const FLOOR_MS = 0.01;

export function record(histogram: Histogram, ms: number): void {
  const bucket = ms <= FLOOR_MS ? 0 : Math.ceil(Math.log(ms / FLOOR_MS) / STEP);
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

/** Adds `from`'s counts to `into`. */
export function merge(into: Histogram, from: Histogram): Histogram {
  for (const [bucket, n] of Object.entries(from)) into[Number(bucket)] = (into[Number(bucket)] ?? 0) + n;
  return into;
}

export function count(histogram: Histogram): number {
  return Object.values(histogram).reduce((sum, n) => sum + n, 0);
}

/** The latency below which a share `q` (0..1) of the samples fall, in ms; NaN without samples. */
export function quantile(histogram: Histogram, q: number): number {
  const buckets = Object.keys(histogram)
    .map(Number)
    .sort((a, b) => a - b);
  const rank = Math.ceil(q * count(histogram));
  let seen = 0;
  for (const bucket of buckets) {
    seen += histogram[bucket]!;
    if (seen >= rank) return FLOOR_MS * Math.exp(bucket * STEP);
  }
  return Number.NaN;
}

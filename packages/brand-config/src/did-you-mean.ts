import { meaningOf } from './code-meanings.ts';

/**
 * `; did you mean "sv"? (…why)` for a value that is not among `candidates`: the same text in another
 * case, else what the code means (a country code where a language is asked for), else the closest
 * spelling; empty when nothing fits.
 */
export function didYouMean(input: string, candidates: readonly string[]): string {
  const sameText = candidates.find((c) => c.toLowerCase() === input.toLowerCase());
  if (sameText) return `; did you mean "${sameText}"?`;
  const meaning = meaningOf(input, candidates);
  if (meaning) return `; did you mean ${meaning.suggestions.map((s) => `"${s}"`).join(' or ')}? (${meaning.why})`;
  const spelled = closest(input, candidates);
  return spelled ? `; did you mean "${spelled}"?` : '';
}

/** The single value `didYouMean` would suggest, to write a corrected example with. */
export function bestGuess(input: string, candidates: readonly string[]): string | undefined {
  const sameText = candidates.find((c) => c.toLowerCase() === input.toLowerCase());
  if (sameText) return sameText;
  const meaning = meaningOf(input, candidates);
  if (meaning) return meaning.suggestions.length === 1 ? meaning.suggestions[0] : undefined;
  return closest(input, candidates);
}

/**
 * The candidate closest to a mistyped value, if one is close enough to be what was meant: the same
 * text in another case, or a few letters apart (about one edit per three letters).
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  const sameText = candidates.find((c) => c.toLowerCase() === lower);
  if (sameText) return sameText;
  const limit = Math.max(1, Math.round(input.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swapped neighbours. */
export function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

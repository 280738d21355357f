/** The style attribute of a lander's root: the niche accent as `--lander-accent` for art and highlights. */
export function accentStyle(accent: string): string {
  return `--lander-accent:${accent}`;
}

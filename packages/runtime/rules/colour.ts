/** Colour arithmetic for the brand theme: hex `#rrggbb` in, hex out. */

function channels(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`"${hex}" is not a #rrggbb colour`);
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string, dark = '#1b1b1f', light = '#ffffff'): string {
  return contrastRatio(background, light) >= contrastRatio(background, dark) ? light : dark;
}

/** `amount` (0..1) of the way from `from` to `to`: mix('#ff0000', '#000000', 0.2) darkens red by 20%. */
export function mix(from: string, to: string, amount: number): string {
  const a = channels(from);
  const b = channels(to);
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount));
}

/** WCAG AA for normal-size text. */
export const TEXT_CONTRAST_MIN = 4.5;

/**
 * `colour` as a text colour on `background`: itself when it already reaches `minimum` contrast, else
 * darkened just enough (in steps of 2%) that it does, so a brand's light green still reads as green.
 */
export function textColourOn(colour: string, background = '#ffffff', minimum = TEXT_CONTRAST_MIN): string {
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mix(colour, '#000000', step / 50);
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return '#000000';
}

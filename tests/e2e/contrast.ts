import type { Locator } from '@playwright/test';

export interface ContrastFailure {
  text: string;
  colour: string;
  background: string;
  ratio: number;
  required: number;
}

/**
 * WCAG text contrast (the rule axe calls `color-contrast`) of every visible text inside `scope`: the
 * computed text colour against the first opaque background colour behind it. Text over a gradient or
 * an image is skipped, as axe reports it for review rather than as a failure. Large text (24 px, or
 * 18.66 px bold) needs 3:1, the rest 4.5:1.
 */
export function contrastFailures(scope: Locator): Promise<ContrastFailure[]> {
  return scope.evaluate((root) => {
    // Chromium computes rgb()/rgba(), and color(srgb r g b / a) with 0..1 channels for color-mix().
    const parse = (value: string): [number, number, number, number] | null => {
      const srgb = /color\(srgb ([^)]+)\)/.exec(value);
      const match = srgb ?? /rgba?\(([^)]+)\)/.exec(value);
      if (!match) return null;
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const scale = srgb ? 255 : 1;
      return [parts[0]! * scale, parts[1]! * scale, parts[2]! * scale, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: readonly number[]) => {
      const [lr, lg, lb] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    /** The opaque background behind `element`, or null when a gradient or an image is in the way. */
    const backgroundOf = (element: Element): [number, number, number] | null => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] >= 0.99) return [colour[0], colour[1], colour[2]];
        if (colour && colour[3] > 0) return null;
      }
      return [255, 255, 255];
    };
    const failures: ContrastFailure[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      seen.add(element);
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      // Hidden, decorative, struck-through list prices and disabled controls are exempt, as in axe.
      if (element.closest('.visually-hidden, [aria-hidden="true"], s, del, :disabled')) continue;
      const colour = parse(style.color);
      const background = backgroundOf(element);
      if (!colour || !background || colour[3] < 0.99) continue;
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required) {
        failures.push({
          text: node.textContent.trim().slice(0, 60),
          colour: style.color,
          background: `rgb(${background.join(', ')})`,
          ratio: Math.round(ratio * 100) / 100,
          required,
        });
      }
    }
    return failures;
  });
}

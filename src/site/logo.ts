import type { Brand } from '@datekit/runtime/schemas/brand';

/**
 * Build-time access to the brands' logo files (`brands/assets/`, the brand's `logo` field) and the
 * square mark made from them for the favicon and the app icons. Vite reads the files, so nothing here
 * depends on the working directory.
 */

const SVG_FILES = import.meta.glob<string>('/brands/assets/*.svg', { query: '?raw', import: 'default', eager: true });
// Raster logos arrive as data URLs; their bytes are what the logo endpoint and sharp need.
const RASTER_FILES = import.meta.glob<string>('/brands/assets/*.{png,webp}', {
  query: '?inline',
  import: 'default',
  eager: true,
});

export type BrandLogo =
  { kind: 'svg'; source: string } | { kind: 'raster'; extension: 'png' | 'webp'; contentType: string; bytes: Buffer };

/** The brand's logo file, or null when it has none (the site then shows its name with the heart mark). */
export function brandLogo(brand: Pick<Brand, 'logo'>): BrandLogo | null {
  if (!brand.logo) return null;
  const file = `/brands/assets/${brand.logo}`;
  const svg = SVG_FILES[file];
  if (svg !== undefined) return { kind: 'svg', source: svg };
  const dataUrl = RASTER_FILES[file];
  if (dataUrl === undefined) throw new Error(`The logo ${file} of the brand is missing (run datekit validate).`);
  const extension = brand.logo.endsWith('.webp') ? 'webp' : 'png';
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return { kind: 'raster', extension, contentType: `image/${extension}`, bytes: Buffer.from(base64, 'base64') };
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The root `<svg …>` tag, its attributes, and what lies inside it. */
function splitSvg(source: string): { attributes: string; inner: string } {
  const open = /<svg\b([^>]*)>/i.exec(source);
  const close = source.lastIndexOf('</svg>');
  if (!open || close < 0) throw new Error('The logo is not an SVG document');
  return { attributes: open[1]!, inner: source.slice(open.index + open[0].length, close) };
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attributes)?.[1];
}

/** The drawing area of an SVG: its viewBox, else its width and height. */
export function svgViewBox(source: string): ViewBox {
  const { attributes } = splitSvg(source);
  const numbers = (attribute(attributes, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length === 4 && numbers.every(Number.isFinite) && numbers[2]! > 0 && numbers[3]! > 0) {
    const [x, y, width, height] = numbers as [number, number, number, number];
    return { x, y, width, height };
  }
  const width = parseFloat(attribute(attributes, 'width') ?? '');
  const height = parseFloat(attribute(attributes, 'height') ?? '');
  if (width > 0 && height > 0) return { x: 0, y: 0, width, height };
  throw new Error('The SVG logo needs a viewBox or a width and height');
}

/**
 * The drawing of an SVG without what would clash once it sits in a page or is cropped: comments, the
 * `<title>` (the page labels the image itself), and ids, which are prefixed so that two logos on one
 * page (navigation and footer) do not share one.
 */
function cleanInner(inner: string, idPrefix: string): string {
  return inner
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/gi, '')
    .replace(/\sid="([^"]+)"/g, (_, id: string) => ` id="${idPrefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${idPrefix}${id})`)
    .replace(/(\s(?:xlink:)?href)="#([^"]+)"/g, (_, name: string, id: string) => `${name}="#${idPrefix}${id}"`)
    .replace(/\s+\n/g, '\n')
    .trim();
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The logo as an inline `<svg>` of the given height (its width follows from its proportions), labelled
 * with the brand's name for assistive technology.
 */
export function inlineLogoSvg(source: string, options: { height: number; label: string; idPrefix: string }): string {
  const box = svgViewBox(source);
  const width = round((options.height * box.width) / box.height);
  const label = options.label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box.x} ${box.y} ${box.width} ${box.height}" ` +
    `width="${width}" height="${options.height}" role="img" aria-label="${label}">` +
    `${cleanInner(splitSvg(source).inner, options.idPrefix)}</svg>`
  );
}

/**
 * A square icon drawn from a logo: a wide logo (symbol then name, as every logo in brands/assets/ is
 * drawn) is cut to its leading square, where its symbol sits; a roughly square logo is used whole.
 */
export function logoIconSvg(source: string, idPrefix = 'icon-'): string {
  const box = svgViewBox(source);
  const side = Math.min(box.width, box.height);
  const square =
    box.width / box.height > 1.25
      ? { x: box.x, y: box.y, size: side }
      : { x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, size: side };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${round(square.x)} ${round(square.y)} ${square.size} ${square.size}">` +
    `${cleanInner(splitSvg(source).inner, idPrefix)}</svg>`
  );
}

/** The heart mark in the brand's colours: the icon of a brand without a logo (as BrandMark draws it). */
export function heartMarkSvg(theme: Pick<Brand['theme'], 'primary' | 'secondary'>): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${theme.secondary}"/><stop offset="1" stop-color="${theme.primary}"/></linearGradient></defs>` +
    `<rect width="32" height="32" rx="9" fill="url(#g)"/>` +
    `<path d="M16 24.5s-7.5-4.6-7.5-10a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6c0 5.4-7.5 10-7.5 10Z" fill="#fff"/></svg>`
  );
}

/** The brand's square icon as SVG: from its SVG logo, else the heart mark (raster logos: the mark too). */
export function brandIconSvg(brand: {
  logo?: string | undefined;
  theme: Pick<Brand['theme'], 'primary' | 'secondary'>;
}): string {
  const logo = brandLogo(brand);
  return logo?.kind === 'svg' ? logoIconSvg(logo.source) : heartMarkSvg(brand.theme);
}

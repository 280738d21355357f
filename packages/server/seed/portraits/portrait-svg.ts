import { pickWith, type PortraitTraits, type Random } from './portrait-traits.ts';

/**
 * A flat, clearly illustrated head-and-shoulders portrait (560 × 560) as SVG: a face with eyes, brows,
 * nose and a smile, hair, clothes with a modest neckline, and a decorated background. Every picture
 * of a member shares their traits; the variant changes outfit, background and pose. Nothing but a
 * fully clothed bust is ever drawn.
 */

/**
 * Square, like the thumbnails, match crops and gallery stage it ends up in: no crop cuts off a head.
 * The figure is drawn on a 480 × 600 stage; the picture shows its square part around the figure.
 */
export const PORTRAIT_WIDTH = 560;
export const PORTRAIT_HEIGHT = 560;
const VIEW_BOX = '-40 40 560 560';

export const OUTFITS = ['crew', 'vneck', 'shirt', 'turtleneck', 'blazer', 'cardigan'] as const;
export const BACKDROPS = ['sun', 'arch', 'stripes', 'leaves', 'window', 'dots'] as const;

export interface PortraitVariant {
  outfit: (typeof OUTFITS)[number];
  cloth: string;
  backdrop: (typeof BACKDROPS)[number];
  palette: readonly [string, string, string];
  /** Head tilt in degrees, and where the figure stands. */
  tilt: number;
  shiftX: number;
  scale: number;
  grin: boolean;
}

const CLOTHES = [
  '#2f4858',
  '#33658a',
  '#86bbd8',
  '#f26419',
  '#6a4c93',
  '#1982c4',
  '#8ac926',
  '#c1121f',
  '#2a9d8f',
  '#e9c46a',
  '#264653',
  '#b56576',
  '#f4f1de',
  '#3d405b',
];
const PALETTES = [
  ['#fde2e4', '#fad2e1', '#f4a6b8'],
  ['#e2ece9', '#bee1e6', '#8ecae6'],
  ['#fff1d6', '#ffd6a5', '#f7b267'],
  ['#e4dcf1', '#cdb4db', '#a58bc9'],
  ['#dff5e1', '#b7e4c7', '#74c69d'],
  ['#f1f0ea', '#dcd6c8', '#b7ad99'],
  ['#dbeafe', '#bfdbfe', '#93c5fd'],
  ['#fde7d9', '#f8c8a8', '#e29578'],
] as const;

/** `count` different pictures of one member: no two share a backdrop or an outfit. */
export function portraitVariants(random: Random, count: number): PortraitVariant[] {
  const backdrops = shuffled(random, BACKDROPS);
  const outfits = shuffled(random, OUTFITS);
  const palettes = shuffled(random, PALETTES);
  return Array.from({ length: count }, (_, i) => ({
    outfit: outfits[i % outfits.length]!,
    cloth: pickWith(random, CLOTHES),
    backdrop: backdrops[i % backdrops.length]!,
    palette: palettes[i % palettes.length]!,
    tilt: Math.round((random() * 2 - 1) * 7),
    shiftX: Math.round((random() * 2 - 1) * 24),
    scale: 0.98 + random() * 0.12,
    grin: random() < 0.45,
  }));
}

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A colour mixed towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const k = Math.abs(amount);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - k) + target * k);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

const CX = 240;
const CY = 250;
const RY = 100;

export function portraitSvg(traits: PortraitTraits, variant: PortraitVariant): string {
  const rx = traits.faceWidth;
  const head = [hairBack(traits, rx), ears(traits, rx), face(traits, rx), features(traits, variant, rx)];
  head.push(beard(traits, rx), hairFront(traits, rx), glasses(traits, rx), earrings(traits, rx));
  const bottom = 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="${VIEW_BOX}">
${backdrop(variant)}
<g transform="translate(${CX + variant.shiftX} ${bottom}) scale(${variant.scale.toFixed(3)}) translate(${-CX} ${-bottom})">
${body(traits, variant)}
<g transform="rotate(${variant.tilt} ${CX} ${CY + RY + 40})">
${head.join('\n')}
</g>
</g>
</svg>`;
}

function backdrop({ backdrop, palette: [base, mid, deep] }: PortraitVariant): string {
  const rect = `<rect x="-60" width="600" height="640" fill="${base}"/>`;
  switch (backdrop) {
    case 'sun':
      return `${rect}<circle cx="360" cy="150" r="120" fill="${mid}"/><circle cx="90" cy="470" r="70" fill="${deep}" opacity="0.5"/>`;
    case 'arch':
      return `${rect}<path d="M90 600V230a150 150 0 0 1 300 0v370z" fill="${mid}"/><path d="M130 600V240a110 110 0 0 1 220 0v360z" fill="${deep}" opacity="0.35"/>`;
    case 'stripes':
      return `${rect}${[0, 1, 2, 3, 4, 5]
        .map((i) => `<path d="M${-200 + i * 160} 600 L${40 + i * 160} 0 h60 L${-140 + i * 160} 600z" fill="${mid}"/>`)
        .join('')}`;
    case 'leaves':
      return `${rect}${[
        [60, 120, -30],
        [420, 90, 35],
        [40, 330, -55],
        [440, 300, 50],
        [110, 40, 10],
      ]
        .map(
          ([x, y, r]) =>
            `<g transform="rotate(${r} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="34" ry="80" fill="${deep}" opacity="0.55"/><path d="M${x} ${y! - 78}V${y! + 78}" stroke="${base}" stroke-width="3"/></g>`,
        )
        .join('')}`;
    case 'window':
      return `${rect}<rect x="250" y="40" width="200" height="250" rx="10" fill="${mid}"/><path d="M350 40v250M250 165h200" stroke="${base}" stroke-width="10"/><rect x="-60" y="430" width="600" height="210" fill="${deep}" opacity="0.3"/>`;
    case 'dots':
      return `${rect}${Array.from({ length: 48 }, (_, i) => {
        const x = 30 + (i % 8) * 60 + (Math.floor(i / 8) % 2) * 30;
        const y = 30 + Math.floor(i / 8) * 60;
        return `<circle cx="${x}" cy="${y}" r="9" fill="${mid}"/>`;
      }).join('')}`;
  }
}

/** Shoulders and clothes. Every neckline is modest; a turtleneck covers the neck. */
function body(traits: PortraitTraits, variant: PortraitVariant): string {
  const w = traits.shoulders;
  const skinShadow = shade(traits.skin, -0.18);
  const cloth = variant.cloth;
  const dark = shade(cloth, -0.25);
  const top = 404;
  const torso = `M${CX - w} 620 C${CX - w} 520 ${CX - w + 26} ${top + 16} ${CX - 74} ${top} L${CX + 74} ${top} C${CX + w - 26} ${top + 16} ${CX + w} 520 ${CX + w} 620 Z`;
  const neck = `<path d="M${CX - 34} ${CY + RY - 40} L${CX - 36} ${top + 10} Q${CX} ${top + 40} ${CX + 36} ${top + 10} L${CX + 34} ${CY + RY - 40} Z" fill="${traits.skin}"/><ellipse cx="${CX}" cy="${CY + RY - 14}" rx="34" ry="18" fill="${skinShadow}" opacity="0.55"/>`;
  const chest = `<path d="M${CX - 60} ${top + 6} L${CX + 60} ${top + 6} L${CX + 60} ${top + 80} L${CX - 60} ${top + 80} Z" fill="${traits.skin}"/>`;
  const clothes = `<path d="${torso}" fill="${cloth}"/>`;
  switch (variant.outfit) {
    case 'crew':
      return `${neck}${chest}${clothes}<path d="M${CX - 48} ${top} Q${CX} ${top + 44} ${CX + 48} ${top}" fill="${traits.skin}"/><path d="M${CX - 50} ${top} Q${CX} ${top + 48} ${CX + 50} ${top}" fill="none" stroke="${dark}" stroke-width="6"/>`;
    case 'vneck':
      return `${neck}${chest}${clothes}<path d="M${CX - 44} ${top} L${CX} ${top + 56} L${CX + 44} ${top}Z" fill="${traits.skin}"/><path d="M${CX - 46} ${top} L${CX} ${top + 60} L${CX + 46} ${top}" fill="none" stroke="${dark}" stroke-width="6" stroke-linejoin="round"/>`;
    case 'shirt':
      return `${neck}${chest}${clothes}<path d="M${CX - 30} ${top - 4} L${CX} ${top + 46} L${CX + 30} ${top - 4}Z" fill="${traits.skin}"/><path d="M${CX - 34} ${top - 12} L${CX - 2} ${top + 44} L${CX - 66} ${top + 30} Z M${CX + 34} ${top - 12} L${CX + 2} ${top + 44} L${CX + 66} ${top + 30} Z" fill="${shade(cloth, 0.35)}" stroke="${dark}" stroke-width="3" stroke-linejoin="round"/><path d="M${CX} ${top + 50} V620" stroke="${dark}" stroke-width="3"/><circle cx="${CX}" cy="${top + 80}" r="4" fill="${dark}"/><circle cx="${CX}" cy="${top + 120}" r="4" fill="${dark}"/>`;
    case 'turtleneck':
      return `${neck}${clothes}<path d="M${CX - 40} ${top - 46} Q${CX} ${top - 54} ${CX + 40} ${top - 46} L${CX + 46} ${top + 14} Q${CX} ${top + 26} ${CX - 46} ${top + 14} Z" fill="${shade(cloth, -0.08)}"/><path d="M${CX - 42} ${top - 26} Q${CX} ${top - 34} ${CX + 42} ${top - 26} M${CX - 44} ${top - 6} Q${CX} ${top - 14} ${CX + 44} ${top - 6}" fill="none" stroke="${dark}" stroke-width="3" opacity="0.6"/>`;
    case 'blazer': {
      const inner = cloth === '#f4f1de' ? '#3d405b' : '#f4f1de';
      return `${neck}${chest}<path d="${torso}" fill="${inner}"/><path d="M${CX - 36} ${top} Q${CX} ${top + 36} ${CX + 36} ${top}" fill="${traits.skin}"/><path d="M${CX - w} 620 C${CX - w} 520 ${CX - w + 26} ${top + 16} ${CX - 74} ${top} L${CX - 40} ${top + 4} L${CX - 8} 620 Z M${CX + w} 620 C${CX + w} 520 ${CX + w - 26} ${top + 16} ${CX + 74} ${top} L${CX + 40} ${top + 4} L${CX + 8} 620 Z" fill="${dark}"/><path d="M${CX - 40} ${top + 4} L${CX - 70} ${top + 70} L${CX - 44} ${top + 84} M${CX + 40} ${top + 4} L${CX + 70} ${top + 70} L${CX + 44} ${top + 84}" fill="none" stroke="${shade(dark, -0.3)}" stroke-width="4" stroke-linejoin="round"/>`;
    }
    case 'cardigan':
      return `${neck}${chest}<path d="${torso}" fill="${shade(cloth, 0.5)}"/><path d="M${CX - 42} ${top} Q${CX} ${top + 34} ${CX + 42} ${top}" fill="${traits.skin}"/><path d="M${CX - w} 620 C${CX - w} 520 ${CX - w + 26} ${top + 16} ${CX - 74} ${top} L${CX - 56} ${top + 2} L${CX - 12} 620 Z M${CX + w} 620 C${CX + w} 520 ${CX + w - 26} ${top + 16} ${CX + 74} ${top} L${CX + 56} ${top + 2} L${CX + 12} 620 Z" fill="${cloth}"/><circle cx="${CX - 22}" cy="${top + 110}" r="5" fill="${dark}"/><circle cx="${CX - 18}" cy="${top + 150}" r="5" fill="${dark}"/>`;
  }
}

function facePath(rx: number): string {
  const top = CY - RY;
  const bottom = CY + RY;
  return `M${CX} ${top} C${CX + rx * 0.8} ${top} ${CX + rx} ${CY - RY * 0.5} ${CX + rx} ${CY - 6} C${CX + rx} ${CY + RY * 0.5} ${CX + rx * 0.5} ${bottom} ${CX} ${bottom} C${CX - rx * 0.5} ${bottom} ${CX - rx} ${CY + RY * 0.5} ${CX - rx} ${CY - 6} C${CX - rx} ${CY - RY * 0.5} ${CX - rx * 0.8} ${top} ${CX} ${top} Z`;
}

function ears(traits: PortraitTraits, rx: number): string {
  const fill = traits.skin;
  const inner = shade(traits.skin, -0.15);
  return [-1, 1]
    .map(
      (side) =>
        `<ellipse cx="${CX + side * (rx - 2)}" cy="${CY + 8}" rx="13" ry="22" fill="${fill}"/><ellipse cx="${CX + side * (rx + 1)}" cy="${CY + 8}" rx="6" ry="12" fill="${inner}"/>`,
    )
    .join('');
}

function face(traits: PortraitTraits, rx: number): string {
  return `<path d="${facePath(rx)}" fill="${traits.skin}"/>`;
}

function features(traits: PortraitTraits, variant: PortraitVariant, rx: number): string {
  const line = shade(traits.skin, -0.35);
  const brow =
    traits.hairName === 'bald' || traits.hairName === 'grey' ? shade(traits.hair, -0.3) : shade(traits.hair, -0.1);
  const eyeY = CY + 8;
  const eyeX = rx * 0.4;
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const x = CX + side * eyeX;
    parts.push(
      `<path d="M${x - 15} ${eyeY - 22} Q${x} ${eyeY - (traits.gender === 'female' ? 32 : 28)} ${x + 15} ${eyeY - 22}" fill="none" stroke="${brow}" stroke-width="${traits.gender === 'female' ? 4 : 6}" stroke-linecap="round"/>`,
      `<ellipse cx="${x}" cy="${eyeY}" rx="12" ry="8" fill="#fff"/>`,
      `<circle cx="${x}" cy="${eyeY}" r="6.5" fill="${traits.eye}"/><circle cx="${x}" cy="${eyeY}" r="3" fill="#1b1b1b"/><circle cx="${x + 2}" cy="${eyeY - 2}" r="1.6" fill="#fff"/>`,
      `<path d="M${x - 13} ${eyeY - 2} Q${x} ${eyeY - 12} ${x + 13} ${eyeY - 2}" fill="none" stroke="${shade(traits.skin, -0.55)}" stroke-width="${traits.gender === 'female' ? 3.2 : 2}" stroke-linecap="round"/>`,
      `<ellipse cx="${x + side * 6}" cy="${eyeY + 30}" rx="14" ry="8" fill="#e76f6f" opacity="0.18"/>`,
    );
    if (traits.age >= 45) {
      // Lines that come with the years: at the eyes' corners, and from the nose to the mouth.
      const cx = x + side * 18;
      parts.push(
        `<path d="M${cx} ${eyeY - 4} l${side * 8} -4 M${cx} ${eyeY + 2} l${side * 9} 1 M${cx} ${eyeY + 7} l${side * 7} 5" stroke="${line}" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`,
      );
    }
    if (traits.age >= 55) {
      parts.push(
        `<path d="M${CX + side * 16} ${CY + 40} Q${CX + side * 30} ${CY + 54} ${CX + side * 26} ${CY + 70}" fill="none" stroke="${line}" stroke-width="2.2" stroke-linecap="round" opacity="0.5"/>`,
      );
    }
  }
  if (traits.age >= 60) {
    parts.push(
      `<path d="M${CX - 30} ${CY - 52} Q${CX} ${CY - 58} ${CX + 30} ${CY - 52}" fill="none" stroke="${line}" stroke-width="2" stroke-linecap="round" opacity="0.45"/>`,
    );
  }
  parts.push(
    `<path d="M${CX - 2} ${eyeY + 4} Q${CX - 10} ${CY + 36} ${CX - 8} ${CY + 40} Q${CX} ${CY + 46} ${CX + 9} ${CY + 40}" fill="none" stroke="${line}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  const lips = traits.gender === 'female' ? shade('#c0504d', lipShift(traits.skin)) : shade(traits.skin, -0.38);
  const mouthY = CY + 62;
  parts.push(
    variant.grin
      ? `<path d="M${CX - 24} ${mouthY - 4} Q${CX} ${mouthY + 26} ${CX + 24} ${mouthY - 4} Z" fill="#7a2e2e"/><path d="M${CX - 20} ${mouthY - 2} Q${CX} ${mouthY + 5} ${CX + 20} ${mouthY - 2} L${CX + 18} ${mouthY + 3} Q${CX} ${mouthY + 9} ${CX - 18} ${mouthY + 3} Z" fill="#fff"/><path d="M${CX - 24} ${mouthY - 4} Q${CX} ${mouthY + 26} ${CX + 24} ${mouthY - 4}" fill="none" stroke="${lips}" stroke-width="3.5" stroke-linejoin="round"/>`
      : `<path d="M${CX - 20} ${mouthY} Q${CX} ${mouthY + 16} ${CX + 20} ${mouthY}" fill="none" stroke="${lips}" stroke-width="${traits.gender === 'female' ? 6 : 4}" stroke-linecap="round"/>`,
  );
  return parts.join('');
}

/** Lip colour a little lighter on light skin, a little deeper on deep skin. */
function lipShift(skin: string): number {
  const n = Number.parseInt(skin.slice(1), 16);
  const light = ((n >> 16) & 255) / 255;
  return light > 0.9 ? 0.15 : -0.25;
}

function beard(traits: PortraitTraits, rx: number): string {
  const colour = traits.hairName === 'bald' ? '#9d9893' : traits.hair;
  const mouthY = CY + 62;
  switch (traits.beard) {
    case 'none':
      return '';
    case 'stubble':
      return `<path d="M${CX - rx + 6} ${CY + 20} C${CX - rx + 10} ${CY + RY * 0.7} ${CX - 30} ${CY + RY} ${CX} ${CY + RY} C${CX + 30} ${CY + RY} ${CX + rx - 10} ${CY + RY * 0.7} ${CX + rx - 6} ${CY + 20} C${CX + 40} ${CY + 50} ${CX - 40} ${CY + 50} ${CX - rx + 6} ${CY + 20} Z" fill="${shade(traits.skin, -0.3)}" opacity="0.35"/>`;
    case 'moustache':
      return `<path d="M${CX - 28} ${mouthY - 2} Q${CX - 14} ${mouthY - 20} ${CX} ${mouthY - 10} Q${CX + 14} ${mouthY - 20} ${CX + 28} ${mouthY - 2} Q${CX} ${mouthY - 8} ${CX - 28} ${mouthY - 2} Z" fill="${colour}"/>`;
    case 'full':
      return `<path d="M${CX - rx + 4} ${CY + 6} C${CX - rx + 4} ${CY + RY * 0.9} ${CX - 34} ${CY + RY + 18} ${CX} ${CY + RY + 18} C${CX + 34} ${CY + RY + 18} ${CX + rx - 4} ${CY + RY * 0.9} ${CX + rx - 4} ${CY + 6} L${CX + rx - 16} ${CY + 8} C${CX + rx - 20} ${CY + 50} ${CX + 30} ${mouthY - 14} ${CX} ${mouthY - 12} C${CX - 30} ${mouthY - 14} ${CX - rx + 20} ${CY + 50} ${CX - rx + 16} ${CY + 8} Z" fill="${colour}"/><path d="M${CX - 18} ${mouthY + 2} Q${CX} ${mouthY + 14} ${CX + 18} ${mouthY + 2} Q${CX} ${mouthY + 22} ${CX - 18} ${mouthY + 2}Z" fill="${shade(traits.skin, -0.2)}"/>`;
  }
}

/** The hair behind the head: what falls to the jaw or the shoulders. */
function hairBack(traits: PortraitTraits, rx: number): string {
  const fill = traits.hair;
  const w = rx + 18;
  switch (traits.hairStyle) {
    case 'long':
      return `<path d="M${CX - w} ${CY - 10} C${CX - w - 12} ${CY + 120} ${CX - w + 4} ${CY + 190} ${CX - w + 20} ${CY + 215} L${CX + w - 20} ${CY + 215} C${CX + w - 4} ${CY + 190} ${CX + w + 12} ${CY + 120} ${CX + w} ${CY - 10} A${w} ${RY + 16} 0 0 0 ${CX - w} ${CY - 10} Z" fill="${fill}"/>`;
    case 'bob':
      return `<path d="M${CX - w} ${CY - 10} C${CX - w - 6} ${CY + 50} ${CX - w} ${CY + 84} ${CX - w + 10} ${CY + 92} L${CX + w - 10} ${CY + 92} C${CX + w} ${CY + 84} ${CX + w + 6} ${CY + 50} ${CX + w} ${CY - 10} A${w} ${RY + 16} 0 0 0 ${CX - w} ${CY - 10} Z" fill="${fill}"/>`;
    case 'curly': {
      const puffs: string[] = [];
      const count = traits.gender === 'female' ? 14 : 9;
      const reach = traits.gender === 'female' ? 1.25 : 0.55;
      for (let i = 0; i < count; i++) {
        const angle = Math.PI + (i / (count - 1)) * Math.PI * (1 + reach) - (Math.PI * reach) / 2;
        const x = CX + Math.cos(angle) * (w + 4);
        const y = CY - 6 + Math.sin(angle) * (RY + 14);
        puffs.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${traits.gender === 'female' ? 34 : 26}" fill="${fill}"/>`,
        );
      }
      return puffs.join('');
    }
    case 'bun':
      return `<circle cx="${CX}" cy="${CY - RY - 22}" r="38" fill="${fill}"/><ellipse cx="${CX}" cy="${CY - 10}" rx="${w - 6}" ry="${RY + 12}" fill="${fill}"/>`;
    case 'ponytail':
      return `<ellipse cx="${CX}" cy="${CY - 10}" rx="${w - 6}" ry="${RY + 12}" fill="${fill}"/><path d="M${CX + w - 30} ${CY - 60} C${CX + w + 40} ${CY - 30} ${CX + w + 20} ${CY + 120} ${CX + w - 10} ${CY + 170} C${CX + w - 10} ${CY + 100} ${CX + w - 20} ${CY} ${CX + w - 40} ${CY - 40} Z" fill="${fill}"/>`;
    case 'pixie':
      return `<ellipse cx="${CX}" cy="${CY - 16}" rx="${w - 4}" ry="${RY + 8}" fill="${fill}"/>`;
    default:
      return '';
  }
}

/** The hair over the forehead and on top of the head. */
function hairFront(traits: PortraitTraits, rx: number): string {
  const fill = traits.hair;
  const top = CY - RY;
  const w = rx + 6;
  const cap = (hairline: number, volume: number) =>
    `M${CX - w} ${CY - 4} C${CX - w - 6} ${top - volume - 36} ${CX + w + 6} ${top - volume - 36} ${CX + w} ${CY - 4} C${CX + w - 8} ${top + hairline} ${CX - w + 8} ${top + hairline} ${CX - w} ${CY - 4} Z`;
  switch (traits.hairStyle) {
    case 'long':
    case 'bob':
      // A side-swept fringe.
      return `<path d="M${CX - w - 4} ${CY + 16} C${CX - w - 10} ${top - 62} ${CX + w + 10} ${top - 62} ${CX + w + 4} ${CY + 16} C${CX + w - 10} ${CY - 30} ${CX + 40} ${top + 40} ${CX - 6} ${top + 58} C${CX - 44} ${top + 70} ${CX - w + 14} ${CY - 30} ${CX - w - 4} ${CY + 16} Z" fill="${fill}"/>`;
    case 'pixie':
      return `<path d="M${CX - w} ${CY - 2} C${CX - w - 8} ${top - 56} ${CX + w + 8} ${top - 56} ${CX + w} ${CY - 2} C${CX + w - 8} ${top + 34} ${CX + 20} ${top + 26} ${CX - 30} ${top + 48} C${CX - 50} ${top + 44} ${CX - w + 6} ${CY - 40} ${CX - w} ${CY - 2} Z" fill="${fill}"/>`;
    case 'bun':
    case 'ponytail':
      return `<path d="${cap(26, 20)}" fill="${fill}"/>`;
    case 'curly':
      return Array.from({ length: 7 }, (_, i) => {
        const x = CX - w + 10 + (i * (2 * w - 20)) / 6;
        const y = top + 12 - Math.sin((i / 6) * Math.PI) * 14;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${traits.gender === 'female' ? 24 : 20}" fill="${fill}"/>`;
      }).join('');
    case 'crop':
      return `<path d="${cap(28, 14)}" fill="${fill}"/>`;
    case 'sidepart':
      return `<path d="${cap(26, 24)}" fill="${fill}"/><path d="M${CX - 26} ${top - 8} Q${CX - 30} ${top + 10} ${CX - 36} ${top + 26}" stroke="${shade(fill, 0.25)}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    case 'quiff':
      return `<path d="${cap(24, 20)}" fill="${fill}"/><path d="M${CX - 50} ${top + 10} C${CX - 40} ${top - 40} ${CX + 40} ${top - 44} ${CX + 60} ${top + 8} Z" fill="${fill}"/>`;
    case 'receding':
      // High temples: hair at the sides and a thin band across the crown.
      return `<path d="M${CX - w} ${CY + 6} C${CX - w - 4} ${CY - 50} ${CX - w + 6} ${top + 20} ${CX - w + 22} ${top + 26} L${CX - w + 18} ${CY - 30} L${CX - w + 12} ${CY + 4} Z M${CX + w} ${CY + 6} C${CX + w + 4} ${CY - 50} ${CX + w - 6} ${top + 20} ${CX + w - 22} ${top + 26} L${CX + w - 18} ${CY - 30} L${CX + w - 12} ${CY + 4} Z" fill="${fill}"/><path d="M${CX - w + 20} ${top + 28} C${CX - 40} ${top - 14} ${CX + 40} ${top - 14} ${CX + w - 20} ${top + 28} C${CX + 30} ${top + 4} ${CX - 30} ${top + 4} ${CX - w + 20} ${top + 28} Z" fill="${fill}" opacity="0.85"/>`;
    case 'bald':
      return `<path d="M${CX - w} ${CY + 6} C${CX - w - 2} ${CY - 40} ${CX - w + 10} ${CY - 50} ${CX - w + 16} ${CY - 44} L${CX - w + 12} ${CY + 4} Z M${CX + w} ${CY + 6} C${CX + w + 2} ${CY - 40} ${CX + w - 10} ${CY - 50} ${CX + w - 16} ${CY - 44} L${CX + w - 12} ${CY + 4} Z" fill="#b8b3ad"/><ellipse cx="${CX - 24}" cy="${top + 22}" rx="22" ry="10" fill="#fff" opacity="0.18"/>`;
  }
}

function glasses(traits: PortraitTraits, rx: number): string {
  if (traits.glasses === 'none') return '';
  const eyeY = CY + 8;
  const x = rx * 0.4;
  const frame = traits.age >= 50 ? '#5b4636' : '#222';
  const lens =
    traits.glasses === 'round'
      ? (cx: number) => `<circle cx="${cx}" cy="${eyeY}" r="20"/>`
      : (cx: number) => `<rect x="${cx - 23}" y="${eyeY - 16}" width="46" height="32" rx="8"/>`;
  return `<g fill="#fff" fill-opacity="0.15" stroke="${frame}" stroke-width="4.5">${lens(CX - x)}${lens(CX + x)}</g><path d="M${CX - x + (traits.glasses === 'round' ? 20 : 23)} ${eyeY - 2} Q${CX} ${eyeY - 10} ${CX + x - (traits.glasses === 'round' ? 20 : 23)} ${eyeY - 2} M${CX - x - 20} ${eyeY - 4} L${CX - rx + 2} ${eyeY - 8} M${CX + x + 20} ${eyeY - 4} L${CX + rx - 2} ${eyeY - 8}" fill="none" stroke="${frame}" stroke-width="4"/>`;
}

function earrings(traits: PortraitTraits, rx: number): string {
  if (traits.earrings === 'none') return '';
  const y = CY + 30;
  return [-1, 1]
    .map((side) =>
      traits.earrings === 'studs'
        ? `<circle cx="${CX + side * (rx - 1)}" cy="${y}" r="5" fill="#f1c40f" stroke="#b7950b" stroke-width="1.5"/>`
        : `<circle cx="${CX + side * (rx - 1)}" cy="${y + 12}" r="11" fill="none" stroke="#d4a017" stroke-width="3.5"/>`,
    )
    .join('');
}

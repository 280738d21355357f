import type { InterestId } from './interests.ts';

/**
 * The interests' icons as line drawings: SVG path data on a 24×24 grid, drawn with a round 1.75
 * stroke in `currentColor` and no fill, so they take the brand's colours from the text around them
 * and render the same everywhere (emoji need a colour-emoji font that many Linux systems lack).
 * Hobbies get their literal symbol; intimate interests romantic ones (rose, candle, lips, mask, bow,
 * moon), never anything explicit. No two interests share a drawing.
 */

/** A circle as path data (a path can hold several shapes, a `<circle>` cannot). */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/** An ellipse as path data. */
function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
}

/** A dot: a zero-length line that the round cap turns into a filled circle. */
function dot(x: number, y: number): string {
  return `M${x} ${y}h.01`;
}

/** A heart centred on (x, y), `size` wide. */
function heart(x: number, y: number, size: number): string {
  const s = size / 14;
  const n = (v: number) => Math.round(v * s * 100) / 100;
  return `M${x} ${y + n(7)}s${n(-7)} ${n(-4.5)} ${n(-7)} ${n(-10)}a${n(3.5)} ${n(3.5)} 0 0 1 ${n(7)} ${n(-1)}a${n(3.5)} ${n(3.5)} 0 0 1 ${n(7)} ${n(1)}c0 ${n(5.5)} ${n(-7)} ${n(10)} ${n(-7)} ${n(10)}z`;
}

export const INTEREST_ICONS: Record<InterestId, string> = {
  // travel: an airliner seen from above
  1: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  // cooking: a frying pan with an egg
  2: `${circle(9, 12, 6.5)}M15.5 12H22M8 9.5c2-1 4 .5 3.5 2.5s-3 2.5-4.5 1.5-1-3 1-4z`,
  // baking: a cupcake
  3: 'M6 12h12l-1.5 8h-9zM6 12a6 4.5 0 0 1 12 0M9.5 12.5l.6 7.5M14.5 12.5l-.6 7.5M12 5v2.5',
  // eating out: fork and knife
  4: 'M6 3v6a2 2 0 0 0 4 0V3M8 3v18M17 21V3c-2 1.5-3 5-3 9h3',
  // wine: a wine glass
  5: 'M8 3h8v4a4 4 0 0 1-8 0zM12 11v9M8 21h8M8 6h8',
  // going out: a cocktail with a straw
  6: 'M4 5h16l-8 9zM12 14v6M8 20h8M14 5l3-3',
  // music: two notes
  7: `M9 18V5l12-2v13${circle(6, 18, 3)}${circle(18, 16, 3)}`,
  // concerts: a microphone on a stand
  8: 'M9 6a3 3 0 0 1 6 0v5a3 3 0 0 1-6 0zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8',
  // dancing: a disco ball
  9: `M12 2v4${circle(12, 13, 7)}M5 13h14M6.2 9.5h11.6M6.2 16.5h11.6M12 6c-2.6 2-2.6 12 0 14M12 6c2.6 2 2.6 12 0 14`,
  // movies: a film strip
  10: 'M4 4h16v16H4zM8 4v16M16 4v16M4 8h4M4 12h4M4 16h4M16 8h4M16 12h4M16 16h4',
  // theatre: a ticket
  11: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM15 8v1.5M15 11.25v1.5M15 14.5v1.5',
  // art: a framed landscape
  12: `M3 5h18v14H3zM3 16l5-5 4 4 2.5-2.5L19 17${circle(16, 9, 1.5)}`,
  // painting: a palette
  13: `M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2 0-1.5-1-2 0-3s2-1 3-1c2.5 0 4-1.5 4-4 0-4.5-4-8-9-8z${dot(7.5, 11)}${dot(10, 7)}${dot(15, 7.5)}`,
  // photography: a camera
  14: `M3 8h4l2-3h6l2 3h4v11H3z${circle(12, 13, 3.5)}`,
  // reading: an open book
  15: 'M12 6c-2-1.5-5-2-9-2v14c4 0 7 .5 9 2 2-1.5 5-2 9-2V4c-4 0-7 .5-9 2zM12 6v14',
  // writing: a pencil
  16: 'M15 4l5 5L9 20H4v-5zM13 6l5 5M4 20l5-5',
  // languages: two speech bubbles
  17: 'M3 4h11v8H8l-3 3v-3H3zM14 9h7v8h-2v3l-3-3h-6v-5',
  // gaming: a game controller
  18: `M7 8h10a4 4 0 0 1 4 4l.5 4a2.5 2.5 0 0 1-4.5 1.8L15.5 16h-7L7 17.8A2.5 2.5 0 0 1 2.5 16L3 12a4 4 0 0 1 4-4zM7.5 10.5v3M6 12h3${dot(15.5, 11)}${dot(17.5, 13)}`,
  // board games: a die
  19: `M6 4h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z${dot(8.5, 8.5)}${dot(15.5, 8.5)}${dot(12, 12)}${dot(8.5, 15.5)}${dot(15.5, 15.5)}`,
  // crafts: a ball of yarn
  20: `${circle(11, 10, 7)}M5.5 6.5c3 0 7 2 10 7.5M4.5 10.5c3 0 6 2 8 6.5M8.5 3.5c3 1 6 4 7.5 7.5M16 15c1.5 2.5 3 4 6 4`,
  // DIY: a hammer
  21: 'M9 9l6-6 3.5 3.5-6 6zM10.75 10.75L3.5 18a1.4 1.4 0 0 0 2 2l7.25-7.25',
  // gardening: a sprout
  22: 'M12 21v-9M12 12c0-4-3-6-7-6 0 4 3 6 7 6zM12 14c0-3.5 2.5-6 7-6 0 4-3 6-7 6zM7 21h10',
  // animals: a paw print
  23: `M8 16c0-2.5 2-4.5 4-4.5s4 2 4 4.5c0 2-1.5 3-4 3s-4-1-4-3z${circle(5.5, 11, 1.6)}${circle(9.5, 6.5, 1.6)}${circle(14.5, 6.5, 1.6)}${circle(18.5, 11, 1.6)}`,
  // nature: a fir tree
  24: 'M12 3l-5 7h3l-4 6h12l-4-6h3zM12 16v5',
  // hiking: a mountain with a flag on top
  25: 'M2 20l7-12 4.5 7 2.5-3.5L22 20zM9 8V3.5l3.5 1.5L9 6.5',
  // camping: a tent
  26: 'M2 20h20M4 20l8-14 8 14M12 6l-1.5-2.5M12 6l1.5-2.5M12 12l-3 8M12 12l3 8',
  // beach: a parasol over the waves
  27: 'M12 3a9 9 0 0 1 9 9H3a9 9 0 0 1 9-9zM12 3c-2 2-3 5.5-3 9M12 3c2 2 3 5.5 3 9M12 12v6M2 20c1.7 0 1.7-1 3.3-1s1.7 1 3.4 1 1.6-1 3.3-1 1.7 1 3.3 1 1.7-1 3.4-1 1.6 1 3.3 1',
  // sailing: a sailboat
  28: 'M12 3v14M12 4l7 11h-7M12 7l-5 8h5M3 17h18l-2 3H5z',
  // fishing: a fish
  29: `M6 12c2.5-3 5.5-4.5 8.5-4.5S20 9.5 21.5 12c-1.5 2.5-4 4.5-7 4.5S8.5 15 6 12zM6 12L2.5 8.5v7z${dot(17, 11)}`,
  // fitness: a dumbbell
  30: 'M6 7v10M18 7v10M3 9.5v5M21 9.5v5M6 12h12',
  // running: a running shoe
  31: 'M2 18v-5l3-6 4 2c1 .5 2 0 2.5-1l4 3 5 1.5c1 .3 1.5 1 1.5 2V18zM2 15h20M9 11.5L10.5 10M11.5 13L13 11.5',
  // cycling: a bicycle
  32: `${circle(6, 16, 4)}${circle(18, 16, 4)}M6 16l3.5-7 2.5 7zM9.5 9H16l-4 7M16 9l2 7M16 9l-1-3h2.5M7.5 7.5h3.5`,
  // swimming: a swimmer's head and arm above the waves
  33: `${circle(15, 7, 2)}M5 11l4-3 3 3M2 15c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M2 19c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5`,
  // yoga: a lotus flower
  34: 'M12 4c-2 3-2 9 0 13 2-4 2-10 0-13zM12 17c-3 0-6-2-8-7 3 0 6 2 8 7zM12 17c3 0 6-2 8-7-3 0-6 2-8 7zM4 20h16',
  // climbing: a carabiner
  35: 'M7 4.2a4 4 0 0 1 6.8 1.3l4.4 11a4 4 0 0 1-7.4 3L6.4 8.6A4 4 0 0 1 7 4.2zM9.5 9.5l3 7.5M9.5 9.5l1.5-.8',
  // skiing: a snowflake
  36: 'M12 2v20M3.3 7l17.4 10M3.3 17l17.4-10M9.5 3.5L12 5.5l2.5-2M9.5 20.5l2.5-2 2.5 2M3.6 10.5l3.1-.6-1-3M20.4 13.5l-3.1.6 1 3M5.7 17.1l1-3-3.1-.6M18.3 6.9l-1 3 3.1.6',
  // horse riding: a horseshoe
  37: `M7 4C4.5 6 3 9 3 12.5A9 9 0 0 0 12 21a9 9 0 0 0 9-8.5C21 9 19.5 6 17 4M7 4h3M17 4h-3M10 4C8.5 5.5 7 8.5 7 12a5 5 0 0 0 10 0c0-3.5-1.5-6.5-3-8${dot(5.5, 10)}${dot(18.5, 10)}${dot(6.5, 15)}${dot(17.5, 15)}`,
  // football: a football
  38: `${circle(12, 12, 9)}M12 8l3.5 2.5-1.3 4H9.8l-1.3-4zM12 8V3.5M15.5 10.5l4-1.5M14.2 14.5l2.3 3.5M9.8 14.5L7.5 18M8.5 10.5l-4-1.5`,
  // golf: a flag on the green
  39: `M12 18V3l7 3.5-7 3.5${ellipse(12, 19, 7, 2.5)}`,
  // cars: a car from the side
  40: `M5 16H3v-3.5L5.5 8h10l4 4.5h.5a1 1 0 0 1 1 1V16h-2M9 16h6M5 12.5h15${circle(7, 16, 2)}${circle(17, 16, 2)}`,
  // motorcycles: a motorbike
  41: `${circle(5.5, 16, 3.5)}${circle(18.5, 16, 3.5)}M9 16h5l2.5-5H10l-1.5 2.5H5.5M16.5 11l-1-4h2.5M18.5 16l-2-5M7.5 11h4`,
  // shopping: a shopping bag
  42: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  // fashion: a clothes hanger
  43: 'M10 5a2 2 0 1 1 2 2v1.5M12 8.5l-9 6.5c-1 .8-.5 2 .8 2h16.4c1.3 0 1.8-1.2.8-2z',
  // spa: a steaming bath bowl
  44: 'M3 13h18c0 4-4 7-9 7s-9-3-9-7zM8 4c-1 1.5 1 2.5 0 4.5M12 3c-1 1.5 1 2.5 0 4.5M16 4c-1 1.5 1 2.5 0 4.5',
  // volunteering: a heart held in a hand
  45: `${heart(12, 7, 7)}M3 14h3l4 2h4a1.5 1.5 0 0 1 0 3h-4M14 17.5l5-2.5a1.5 1.5 0 0 1 2 2l-6 4H7l-4-1`,
  // romance: a rose
  46: 'M12 3c-3 0-5 2.5-5 5s2 5 5 5 5-2 5-5c0-1.5-.5-2.5-1-3M12 3c1.5 1 2 2.5 1.5 4-1 .5-2.5.5-3-.5M12 13v8M12 17c-2 0-3.5-1-4-3 2 0 3.5 1 4 3zM12 18.5c1.5 0 3-1 3.5-2.5-1.5 0-3 1-3.5 2.5z',
  // flirting: a winking face
  47: `${circle(12, 12, 9)}M7.5 10h3${dot(15.5, 10)}M8 14.5c2 2 6 2 8 0`,
  // candlelit dinners: a candle
  48: 'M9 10h6v11H9zM12 10V8M12 2.5c1.5 1.5 2 2.5 2 3.5a2 2 0 0 1-4 0c0-1 .5-2 2-3.5zM6 21h12',
  // cuddling: two hearts close together
  49: `${heart(9, 11, 11)}${heart(16, 13, 9)}`,
  // kissing: lips
  50: 'M2.5 12c2-3 4.5-5 6.5-5 1 0 2.2.8 3 1.6.8-.8 2-1.6 3-1.6 2 0 4.5 2 6.5 5-2.5 3.5-5.5 5-9.5 5s-7-1.5-9.5-5zM2.5 12c3 .8 6 1 9.5 1s6.5-.2 9.5-1',
  // massages: stacked massage stones
  51: `${ellipse(12, 18, 8, 2.5)}${ellipse(12, 12.5, 5.5, 2)}${ellipse(12, 7.5, 3.5, 1.7)}M18 4c-.8 1 .8 2 0 3`,
  // dancing close: a couple with a heart
  52: `${circle(8.5, 10, 2.5)}${circle(15.5, 10, 2.5)}M4 21a4.5 4.5 0 0 1 9 0M11 21a4.5 4.5 0 0 1 9 0${heart(12, 4, 5)}`,
  // role-play: a masquerade mask
  53: 'M2 9c3-1 6-1 10 1 4-2 7-2 10-1 0 4-2 7-5 7-2 0-3.5-1.5-5-3-1.5 1.5-3 3-5 3-3 0-5-3-5-7zM6 11.5c.8-1 2.2-1 3 0M15 11.5c.8-1 2.2-1 3 0',
  // lingerie: a ribbon bow
  54: `M10.6 11.3C8.5 8.5 5 6.5 3.5 7.5s-1 6 1 7 4.5-.5 6-1.8M13.4 11.3c2.1-2.8 5.6-4.8 7.1-3.8s1 6-1 7-4.5-.5-6-1.8M11 13.5l-3 7M13 13.5l3 7${circle(12, 12, 1.5)}`,
  // bathing together: a bathtub with bubbles
  55: `M3 12h18v2a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5zM5 12V6a2 2 0 0 1 4 0M7 19l-1 2M17 19l1 2${circle(14, 8, 1)}${circle(17.5, 5.5, 1.5)}`,
  // romantic getaways: a sunset over the sea
  56: 'M3 18h18M6 18a6 6 0 0 1 12 0M12 6V3.5M5.6 8.6L4.2 7.2M18.4 8.6l1.4-1.4M2.5 13.5h2M19.5 13.5h2M7 21h10',
  // love letters: an envelope with a heart
  57: `M3 6h18v13H3zM3 6l9 6.5L21 6${heart(12, 15.5, 4)}`,
  // teasing: a feather
  58: 'M20 4C13 4 8 9 7 16c5-1 10-4 13-12zM4 20L15 9M9 13.5h4.5',
  // seduction: a perfume bottle
  59: 'M8 10h8a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM10 10V7h4v3M9.5 7h5M16 4.5h1.5M18.5 3l1-1M18.5 6l1 .5',
  // dominance and submission: a crown
  60: 'M3 7l4.5 5L12 5l4.5 7L21 7l-2 12H5zM5 16h14',
  // blindfold games: a blindfold
  61: 'M3 10c0-2 2-3 4-3h10c2 0 4 1 4 3v1c0 2.5-2 4-4 4-2.5 0-3.5-2-5-2s-2.5 2-5 2c-2 0-4-1.5-4-4zM3 10.5H1.5M21 10.5h1.5M1.5 10.5l-.5 4M22.5 10.5l.5 4',
  // casual dating: a flame
  62: 'M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3 0-6 1-8.5z',
  // moonlit walks: a crescent moon and a star
  63: 'M20 14.5A8.5 8.5 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5zM17 3v3M15.5 4.5h3',
  // breakfast in bed: a steaming cup on a saucer
  64: 'M5 9h11v5a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5zM16 10.5h1.5a2.5 2.5 0 0 1 0 5H16M3 21.5h15M9 3c-.8 1 .8 2 0 3.5M12.5 3c-.8 1 .8 2 0 3.5',
  // cosy nights in: a sofa
  65: 'M4 11V8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M2 13a2 2 0 0 1 4 0v2h12v-2a2 2 0 0 1 4 0v5H2zM5 18v2M19 18v2',
  // sharing fantasies: a thought bubble
  66: `M7 15a4 4 0 0 1-.5-8 5 5 0 0 1 9.5-1.5A4 4 0 0 1 18 13.5 3.5 3.5 0 0 1 14 15z${circle(6.5, 18.5, 1.2)}${circle(3.8, 21, 0.7)}`,
  // open-mindedness: a butterfly
  67: 'M12 8v11M12 9c-1.5-3-5-5.5-8-5-1 3 0 6 3 7-2.5 1-3 4-1 6 2.5 1 5-1.5 6-4M12 9c1.5-3 5-5.5 8-5 1 3 0 6-3 7 2.5 1 3 4 1 6-2.5 1-5-1.5-6-4M10.5 5.5L12 8l1.5-2.5',
};

/** The path data of an interest's icon, or undefined for an id that is not an interest. */
export function interestIconPath(id: number): string | undefined {
  return (INTEREST_ICONS as Record<number, string>)[id];
}

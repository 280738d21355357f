/**
 * The gift catalogue: tasteful tokens sent inside a chat. `price` is in credits; gifts
 * without one cost the brand's `gift_credits`. Names live in `locales/<lang>/chat.json` as
 * `gift.<id>`; the artwork is SVG in `src/components/gifts/` (the site's chat).
 */
export const GIFTS = [
  { id: 'rose' },
  { id: 'coffee' },
  { id: 'chocolates' },
  { id: 'wink' },
  { id: 'sunflower' },
  { id: 'cocktail', price: 40 },
  { id: 'heart-balloon', price: 40 },
  { id: 'champagne', price: 60 },
  { id: 'teddy', price: 60 },
  { id: 'diamond-ring', price: 100 },
] as const satisfies readonly { id: string; price?: number }[];

export type GiftId = (typeof GIFTS)[number]['id'];
export const GIFT_IDS = GIFTS.map((g) => g.id) as GiftId[];

/** A gift's price for a brand: its own, else the brand's gift_credits. */
export function giftPrice(id: GiftId, brandGiftCredits: number): number {
  const gift = GIFTS.find((g) => g.id === id)!;
  return 'price' in gift ? gift.price : brandGiftCredits;
}

/** Icebreakers offered in an empty conversation; texts are `icebreaker.<n>` in `chat.json`. */
export const ICEBREAKER_COUNT = 8;

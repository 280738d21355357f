/**
 * Codes that are right in one list and wrong in the other: a country's code written where its
 * language's is meant (`languages: [se]` for Swedish, which is `sv`) and back (`countries: [UK]` for
 * GB). Spelling would suggest `de` for `se`; the meaning suggests `sv`. Keys are lower-case.
 */
const MEANINGS: Record<string, { means: readonly string[]; why: string }> = {
  se: { means: ['sv'], why: 'SE is the country Sweden; Swedish is sv' },
  dk: { means: ['da'], why: 'DK is the country Denmark; Danish is da' },
  gb: { means: ['en'], why: 'GB is the country; English is en' },
  uk: { means: ['en', 'GB'], why: 'the United Kingdom’s country code is GB; English is en' },
  us: { means: ['en'], why: 'US is the country; English is en' },
  ie: { means: ['en'], why: 'IE is the country Ireland; English is en' },
  at: { means: ['de'], why: 'AT is the country Austria; German is de' },
  ch: { means: ['de', 'fr', 'it'], why: 'CH is the country Switzerland; its languages are de, fr and it' },
  li: { means: ['de'], why: 'LI is the country Liechtenstein; German is de' },
  be: { means: ['nl', 'fr'], why: 'BE is the country Belgium; its languages are nl and fr' },
  lu: { means: ['fr', 'de'], why: 'LU is the country Luxembourg; its languages include fr and de' },
  mx: { means: ['es'], why: 'MX is the country Mexico; Spanish is es' },
  nn: { means: ['nb', 'NO'], why: 'nn is Nynorsk; datekit’s Norwegian is nb (Bokmål), Norway is NO' },
  sv: { means: ['SE'], why: 'sv is the Swedish language; the country Sweden is SE' },
  da: { means: ['DK'], why: 'da is the Danish language; the country Denmark is DK' },
  nb: { means: ['NO'], why: 'nb is the Norwegian language; the country Norway is NO' },
  en: { means: ['GB', 'IE', 'US'], why: 'en is the English language; the countries are GB, IE and US' },
};

/** What `input` most likely means among `candidates`, by meaning rather than spelling, with why. */
export function meaningOf(
  input: string,
  candidates: readonly string[],
): { suggestions: string[]; why: string } | undefined {
  const entry = MEANINGS[input.toLowerCase()];
  if (!entry) return undefined;
  const suggestions = entry.means.filter((m) => candidates.includes(m));
  return suggestions.length > 0 ? { suggestions, why: entry.why } : undefined;
}

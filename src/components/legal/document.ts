/**
 * The shape of a legal page, read from the keys of its English text (`locales/en/pages.json`), so that
 * adding a paragraph or a section is adding its keys, in every language, and nothing else:
 *
 *   page.legal.<page>.title | description | intro        the page's own texts
 *   page.legal.<page>.<section>.title                    a section heading (in the table of contents)
 *   page.legal.<page>.<section>.p<n>                     a paragraph
 *   page.legal.<page>.<section>.li<n>                    bullet points; neighbours make one list
 *   page.legal.<page>.<section>.step<n>                  numbered steps; neighbours make one list
 *   page.legal.<page>.<section>.company                  the company details, under this caption
 *
 * Sections and blocks keep the order of the English file; the locale test keeps every language in it.
 */

export const LEGAL_PREFIX = 'page.legal.';

export type LegalBlock =
  { kind: 'p'; key: string } | { kind: 'ul' | 'ol'; keys: string[] } | { kind: 'company'; key: string };

export interface LegalSection {
  /** The section's key segment, used as its fragment id (`#eligibility`). */
  id: string;
  titleKey: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  titleKey: string;
  descriptionKey: string;
  introKey: string | null;
  sections: LegalSection[];
}

const PAGE_KEYS = new Set(['title', 'description', 'intro']);

/** The document of `page` from a bundle's keys in order; throws when the text lacks a title or a section heading. */
export function legalDocument(page: string, keys: readonly string[]): LegalDocument {
  const prefix = `${LEGAL_PREFIX}${page}.`;
  const pageKeys = new Set<string>();
  const sections = new Map<string, LegalSection>();

  for (const key of keys) {
    if (!key.startsWith(prefix)) continue;
    const parts = key.slice(prefix.length).split('.');
    if (parts.length === 1 && PAGE_KEYS.has(parts[0]!)) {
      pageKeys.add(parts[0]!);
      continue;
    }
    const [id, block] = parts;
    if (parts.length !== 2 || !id || !block) throw new Error(`Unexpected legal text key "${key}"`);
    let section = sections.get(id);
    if (!section) {
      section = { id, titleKey: `${prefix}${id}.title`, blocks: [] };
      sections.set(id, section);
    }
    if (block !== 'title') addBlock(section.blocks, block, key);
  }

  if (!pageKeys.has('title') || !pageKeys.has('description')) {
    throw new Error(`The legal page "${page}" needs ${prefix}title and ${prefix}description`);
  }
  for (const section of sections.values()) {
    if (!keys.includes(section.titleKey)) throw new Error(`Section "${section.id}" of "${page}" has no title`);
  }
  return {
    titleKey: `${prefix}title`,
    descriptionKey: `${prefix}description`,
    introKey: pageKeys.has('intro') ? `${prefix}intro` : null,
    sections: [...sections.values()],
  };
}

function addBlock(blocks: LegalBlock[], block: string, key: string): void {
  const kind = /^(p|li|step)\d+$/.exec(block)?.[1] ?? (block === 'company' ? 'company' : null);
  if (kind === 'p' || kind === 'company') {
    blocks.push({ kind, key });
    return;
  }
  if (kind === null) throw new Error(`Unknown kind of legal text block "${key}"`);
  const listKind = kind === 'li' ? 'ul' : 'ol';
  const previous = blocks.at(-1);
  if (previous?.kind === listKind) previous.keys.push(key);
  else blocks.push({ kind: listKind, keys: [key] });
}

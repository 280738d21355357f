/**
 * Turns one translated legal text into safe HTML. Translations mark links and emphasis with named
 * tags (`see our <privacy>privacy policy</privacy>`, `<code>lang</code>`) so that translators move
 * the link words freely; everything else, brand facts included, is escaped. A tag that is not known,
 * or closes out of order, is shown as text rather than trusted.
 */

/** Inline formatting a legal text may use, by tag name: the HTML element it becomes. */
const FORMAT_TAGS: Readonly<Record<string, string>> = { strong: 'strong', code: 'code' };

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ESCAPES[char]!);
}

/**
 * `links` maps a tag name to its target (`{ privacy: '/pages/privacy', email: 'mailto:…' }`).
 * Tags stay unnested where they open and close in order; anything left open is closed at the end.
 */
export function richText(text: string, links: Readonly<Record<string, string>>): string {
  const open: string[] = [];
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/<(\/?)([a-z][a-z0-9_]*)>/g)) {
    const [raw, slash, name] = match as unknown as [string, string, string];
    const known = name in links || name in FORMAT_TAGS;
    const closing = slash === '/';
    if (!known || (closing && open.at(-1) !== name)) continue;
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + raw.length;
    if (closing) {
      open.pop();
      html += `</${FORMAT_TAGS[name] ?? 'a'}>`;
    } else {
      open.push(name);
      html += name in FORMAT_TAGS ? `<${FORMAT_TAGS[name]}>` : `<a href="${escapeHtml(links[name]!)}">`;
    }
  }
  html += escapeHtml(text.slice(last));
  while (open.length > 0) html += `</${FORMAT_TAGS[open.pop()!] ?? 'a'}>`;
  return html;
}

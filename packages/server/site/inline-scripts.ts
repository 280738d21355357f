import { createHash } from 'node:crypto';

/** Beside each brand's routes.json: the CSP hashes of the inline scripts its pages contain, written at build time. */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

export interface InlineScripts {
  /** `'sha256-…'` sources for the Content-Security-Policy's script-src, sorted. */
  script_hashes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Types a browser runs; anything else (`application/json` data blocks) is inert and needs no hash. */
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of one HTML page: exactly the text between the
 * tags, hashed as the page's UTF-8 bytes. `encoding` says what `html` is: the page's text (`utf8`), or
 * its UTF-8 bytes read one character per byte (`latin1`, as the build reads pages: see
 * packages/cli/src/build/finish-language.ts). The tags and attributes looked for are ASCII, which
 * UTF-8 never uses inside a longer character, so both find the same scripts and the same hashes.
 */
export function inlineScriptHashes(html: string, encoding: 'utf8' | 'latin1' = 'utf8'): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, encoding).digest('base64')}'`);
  }
  return hashes;
}

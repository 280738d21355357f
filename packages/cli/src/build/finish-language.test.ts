import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '@datekit/server/site/inline-scripts';
import { finishLanguage } from './finish-language.ts';
import { languageScriptHashes } from './inline-scripts.ts';
import { modulePreloader } from './module-preloads.ts';

let out: string;
let langDir: string;
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'datekit-finish-'));
  langDir = path.join(out, 'example.com', 'pl');
  mkdirSync(path.join(out, '_astro'), { recursive: true });
  writeFileSync(path.join(out, '_astro', 'page.A1.js'), 'import"./client.B2.js";');
  writeFileSync(path.join(out, '_astro', 'client.B2.js'), 'export const a=1;');
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

/**
 * A page as a build writes it, with text outside Latin-1 everywhere finishing looks: in the head
 * before and after the charset, in the body, inside an inline script (whose hash must be of its UTF-8
 * bytes) and inside the JSON data block. Multi-byte characters whose UTF-8 bytes include 0x3C/0x3E
 * do not exist, but 0xA0 (a no-break space read as latin1) does: "à" is C3 A0.
 */
const PAGE =
  '<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><title>Zażółć gęślą jaźń – “randki” 💘</title>' +
  '<script type="application/json" id="datekit-i18n">{"a":"Wiadomość…","b":"à la carte"}</script></head>' +
  '<body><p>Cześć à €</p><script>window.greeting = "Cześć – à 💘";</script>' +
  '<script type="module" src="/_astro/page.A1.js"></script></body></html>';

function writePage(file: string, html: string): void {
  mkdirSync(path.dirname(path.join(langDir, file)), { recursive: true });
  writeFileSync(path.join(langDir, file), html);
}

describe('finishLanguage', () => {
  it('writes exactly the UTF-8 bytes of the page with its module preloads, whatever characters it holds', async () => {
    writePage('index.html', PAGE);
    writePage('chats/index.html', PAGE.replace('Cześć', 'Hej'));
    const expected = await modulePreloader(path.join(out, '_astro'))(PAGE);
    expect(expected).toContain('<link rel="modulepreload" href="/_astro/client.B2.js">');

    const finished = await finishLanguage(langDir);

    expect(readFileSync(path.join(langDir, 'index.html')).equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(finished.pages).toEqual(['chats/index.html', 'index.html']);
    const hashes = [
      ...new Set([...inlineScriptHashes(expected), ...inlineScriptHashes(expected.replace('Cześć', 'Hej'))]),
    ];
    expect(finished.scriptHashes).toEqual(hashes.sort());
    // The inline script's hash is of its UTF-8 bytes, as a browser computes it for the CSP.
    const script = 'window.greeting = "Cześć – à 💘";';
    const { createHash } = await import('node:crypto');
    expect(finished.scriptHashes).toContain(
      `'sha256-${createHash('sha256').update(Buffer.from(script, 'utf8')).digest('base64')}'`,
    );
    // A kept language's hashes, read again later, are the same.
    expect(await languageScriptHashes(langDir)).toEqual(finished.scriptHashes);
  });

  it('leaves a page without module scripts byte for byte as it was', async () => {
    const page = PAGE.replace('<script type="module" src="/_astro/page.A1.js"></script>', '');
    writePage('index.html', page);
    await finishLanguage(langDir);
    expect(readFileSync(path.join(langDir, 'index.html')).equals(Buffer.from(page, 'utf8'))).toBe(true);
  });
});

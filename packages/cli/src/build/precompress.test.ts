import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';
import { inlineScriptHashes } from '@datekit/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz beside text assets that are big enough, and leaves images and small files alone', async () => {
    const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(500))};\n`;
    fs.mkdirSync(path.join(dir, 'nested'));
    fs.writeFileSync(path.join(dir, 'nested', 'app.js'), script);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'photo.webp'), Buffer.alloc(4096, 7));
    expect(await precompress(dir)).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'nested', 'app.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'nested', 'app.js.gz'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'photo.webp.br'))).toBe(false);
  });
});

describe('inline script hashes', () => {
  it('hash exactly the text of executable inline scripts, not external or data scripts', () => {
    const html =
      '<script>alert(1)</script><script type="module">go()</script><script src="/a.js"></script>' +
      '<script type="application/json" id="d">{"a":1}</script>';
    // printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { pageEncoding, readPage } from './page-body.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-page-body-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('page encoding', () => {
  it("takes the browser's preferred encoding of brotli and gzip, and none it refuses", () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});

describe('readPage', () => {
  afterEach(() => vi.useRealTimers());

  it('compresses a page once and keeps it, until a build replaces the file (seen within a second)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, '<h1>first build</h1>');
    const first = await readPage(file, 'br');
    expect(first.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(first.bytes).toString()).toBe('<h1>first build</h1>');
    expect((await readPage(file, 'br')).bytes).toBe(first.bytes);

    fs.writeFileSync(`${file}.new`, '<h1>second build</h1>');
    fs.renameSync(`${file}.new`, file);
    // Within the second after the file was last looked at, the kept copy is sent without a look.
    vi.advanceTimersByTime(999);
    expect((await readPage(file, 'br')).bytes).toBe(first.bytes);
    vi.advanceTimersByTime(1);
    const rebuilt = await readPage(file, 'br');
    expect(zlib.brotliDecompressSync(rebuilt.bytes).toString()).toBe('<h1>second build</h1>');
    const gzipped = await readPage(file, 'gzip');
    expect(zlib.gunzipSync(gzipped.bytes).toString()).toBe('<h1>second build</h1>');
    expect(await readPage(file, null)).toEqual({ bytes: Buffer.from('<h1>second build</h1>'), encoding: null });
  });

  it('shares the work between requests that arrive together, and fails like a read for a missing page', async () => {
    const file = path.join(dir, 'together.html');
    fs.writeFileSync(file, '<h1>together</h1>');
    const [a, b] = await Promise.all([readPage(file, 'gzip'), readPage(file, 'gzip')]);
    expect(a.bytes).toBe(b.bytes);
    await expect(readPage(path.join(dir, 'missing.html'), 'br')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

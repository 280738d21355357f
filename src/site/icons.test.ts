import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faviconIco, icoOf } from './icons.ts';

const theme = { primary: '#c2185b', secondary: '#7b1fa2' } as Parameters<typeof faviconIco>[0]['theme'];

describe('favicon.ico', () => {
  it('holds the brand icon at 16, 32 and 48 px as PNG images', async () => {
    const ico = await faviconIco({ theme });
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(3);
    const sizes = [0, 1, 2].map((i) => ico.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    const length = ico.readUInt32LE(6 + 16 * 2 + 8);
    const offset = ico.readUInt32LE(6 + 16 * 2 + 12);
    const png = await sharp(ico.subarray(offset, offset + length)).metadata();
    expect({ format: png.format, width: png.width, height: png.height }).toEqual({
      format: 'png',
      width: 48,
      height: 48,
    });
    expect(offset + length).toBe(ico.length);
  });

  it('writes 256 px as 0, as the format says', () => {
    const ico = icoOf([{ size: 256, png: Buffer.from([1, 2, 3]) }]);
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([0, 0]);
    expect(ico.subarray(22)).toEqual(Buffer.from([1, 2, 3]));
  });
});

// writeTXD refuses what its fields cannot hold or its reader refuses (issue #30, item 18): before, a
// width of 65537 read back 1 x 1, 65,536 textures counted 0, and short levels and palettes came out
// as files TXDReader throws on. Each refusal is an EncodeError naming the texture and the field.
import { describe, expect, it } from 'vitest';
import { TXDReader, writeTXD, type TextureData, type TextureDictionaryData } from '../../src/index.js';
import { encodeErrorOf } from '../helpers/errors.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';

const withTexture = (change: Partial<TextureData>) => dictionaryOf({ ...plainTexture(), ...change });
const pal8 = (palette: Uint8Array): Partial<TextureData> => ({
  rasterFormat: 0x2500,
  formatWord: 41,
  depth: 8,
  palette,
  levels: [{ width: 4, height: 4, data: new Uint8Array(16) }],
});

const refused: Array<[string, TextureDictionaryData, string, RegExp]> = [
  ['width 65537', withTexture({ width: 65537 }), 'field-overflow', /texture "plain": width 65537 does not fit its 16-bit field/],
  ['height -1', withTexture({ height: -1 }), 'field-overflow', /texture "plain": height -1/],
  ['width 0', withTexture({ width: 0 }), 'bad-count', /texture "plain": width 0/],
  ['depth 256', withTexture({ depth: 256 }), 'field-overflow', /texture "plain": depth 256 does not fit its 8-bit field/],
  ['a filter word of 2^32', withTexture({ filterFlags: 2 ** 32 }), 'field-overflow', /filterFlags/],
  ['a fractional raster format', withTexture({ rasterFormat: 0x500 + 0.5 }), 'field-overflow', /rasterFormat/],
  ['platform 5', withTexture({ platformId: 5 as 9 }), 'unsupported-platform', /texture "plain": platformId 5/],
  ['an unknown pixel format', withTexture({ rasterFormat: 0xf00, formatWord: 0 }), 'unknown-pixel-format', /texture "plain"/],
  ['no level', withTexture({ levels: [] }), 'bad-count', /texture "plain": level count 0/],
  [
    '256 levels',
    withTexture({ levels: Array.from({ length: 256 }, () => ({ width: 1, height: 1, data: new Uint8Array(4) })) }),
    'field-overflow',
    /texture "plain": level count 256/,
  ],
  [
    'a short level',
    withTexture({ levels: [{ width: 4, height: 4, data: new Uint8Array(63) }] }),
    'chunk-size',
    /texture "plain": level 0 holds 63 bytes; 4 x 4 8888 needs 64/,
  ],
  [
    'a level of another size than its place',
    withTexture({ levels: [{ width: 2, height: 4, data: new Uint8Array(64) }] }),
    'chunk-size',
    /level 0 is 2 x 4/,
  ],
  ['a short palette', withTexture(pal8(new Uint8Array(1020))), 'chunk-size', /texture "plain": palette holds 1020 bytes; PAL8 needs 1024/],
  ['a palette where none is stored', withTexture({ palette: new Uint8Array(16) }), 'chunk-size', /palette/],
  ['a name of 33 characters', withTexture({ name: 'n'.repeat(33), nameField: undefined }), 'field-overflow', /name/],
  ['a mask name outside Latin-1', withTexture({ maskName: 'mask\u0100' }), 'field-overflow', /maskName/],
  [
    '65,536 textures',
    { ...dictionaryOf(), textures: new Array<TextureData>(65536).fill(plainTexture(1, 1)) },
    'field-overflow',
    /texture count 65536 does not fit its 16-bit field/,
  ],
  ['a device id of 65536', { ...dictionaryOf(plainTexture()), deviceId: 65536 }, 'field-overflow', /deviceId/],
  ['a library id of -1', { ...dictionaryOf(plainTexture()), libraryIds: [0, -1, 0] }, 'field-overflow', /libraryIds/],
  ['a texture library id of 2^32', withTexture({ libraryIds: [0, 0, 2 ** 32] }), 'field-overflow', /texture "plain": libraryIds/],
];

describe('writeTXD: fields it cannot hold, and what its reader refuses', () => {
  it.each(refused)('%s: an EncodeError naming the texture and the field, on one line', (_, dictionary, code, message) => {
    const error = encodeErrorOf(() => writeTXD(dictionary));
    expect(error).toMatchObject({ format: 'TXD', code });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    expect(error).toBeInstanceOf(RangeError); // what writeTXD threw before, so callers that catch it still do
  });

  it('writes the largest values each field holds, and they read back as written', () => {
    const wide = {
      ...plainTexture(65535, 1),
      depth: 255,
      filterFlags: 0xffffffff,
      rasterType: 255,
      libraryIds: [0xffffffff, 0, 0] as const,
    };
    const txd = new TXDReader(writeTXD({ ...dictionaryOf(wide), deviceId: 0xffff }));
    expect([
      txd.deviceId,
      txd.textures[0]!.width,
      txd.textures[0]!.depth,
      txd.textures[0]!.filterFlags,
      txd.textures[0]!.libraryIds[0],
    ]).toEqual([0xffff, 65535, 255, 0xffffffff, 0xffffffff]);
  });
});

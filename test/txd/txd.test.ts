import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, TXDReader, writeTXD, type TextureData, type TextureFormatName } from '../../src/index.js';
import { decodeErrorOf } from '../helpers/errors.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';
import { referenceRgba } from '../helpers/texture-reference.js';

const SAMPLES = ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames'];
const BACKENDS = ['simd', 'scalar', 'js'] as const;

/** A seeded byte generator, so generated textures are the same on every run. */
function bytesFrom(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 255;
  }
  return out;
}

const fourCC = (text: string) =>
  (text.charCodeAt(0) | (text.charCodeAt(1) << 8) | (text.charCodeAt(2) << 16) | (text.charCodeAt(3) << 24)) >>> 0;
const RASTER: Record<string, number> = {
  '1555': 0x100,
  '565': 0x200,
  '4444': 0x300,
  LUM8: 0x400,
  '8888': 0x500,
  '888': 0x600,
  '555': 0xa00,
};
const D3D9: Record<string, number> = { '8888': 21, '888': 22, '565': 23, '555': 24, '1555': 25, '4444': 26, LUM8: 50 };
const BPP: Record<string, number> = { '8888': 4, '888': 4, '565': 2, '555': 2, '1555': 2, '4444': 2, LUM8: 1, PAL8: 1 };

/** A texture of `format`, stored as the Direct3D 8 or 9 native does, with random pixels. */
function makeTexture(
  format: TextureFormatName,
  platformId: 8 | 9,
  width: number,
  height: number,
  levels: number,
  seed: number,
  options: { alpha?: boolean; packed?: boolean } = {},
): TextureData {
  const alpha = options.alpha ?? true;
  const dxt = format.startsWith('DXT') ? Number(format[3]) : 0;
  const pal = format === 'PAL8' ? 0x2000 : format === 'PAL4' ? 0x4000 : 0;
  const base = dxt ? (dxt === 1 ? (alpha ? 0x100 : 0x200) : 0x300) : pal ? (alpha ? 0x500 : 0x600) : RASTER[format]!;
  const levelData = Array.from({ length: levels }, (_, i) => {
    const w = Math.max(1, width >> i);
    const h = Math.max(1, height >> i);
    const size = dxt
      ? Math.max(1, Math.ceil(w / 4)) * Math.max(1, Math.ceil(h / 4)) * (dxt === 1 ? 8 : 16)
      : format === 'PAL4' && options.packed
        ? Math.ceil((w * h) / 2)
        : w * h * (BPP[format] ?? 1);
    let data = bytesFrom(seed * 31 + i, size);
    if (format === 'PAL4' && !options.packed) data = data.map((v) => v & 15);
    return { width: w, height: h, data };
  });
  return {
    name: `${format.toLowerCase()}_${platformId}`,
    maskName: alpha ? 'mask' : '',
    platformId,
    filterFlags: 0x1106,
    rasterFormat: base | pal | (levels > 1 ? 0x8000 : 0),
    formatWord: platformId === 9 ? (dxt ? fourCC(format) : pal ? 41 : D3D9[format]!) : alpha ? 1 : 0,
    width,
    height,
    depth: dxt ? 16 : pal === 0x2000 ? 8 : pal ? 4 : 8 * (BPP[format] ?? 1),
    rasterType: 4,
    compression: platformId === 9 ? (alpha ? 1 : 0) | (dxt ? 8 : 0) : dxt,
    palette: pal ? bytesFrom(seed + 7, pal === 0x2000 ? 1024 : 128) : null,
    levels: levelData,
    extension: new Uint8Array(0),
    libraryIds: [0x1803ffff, 0x1803ffff, 0x1803ffff],
  };
}

const ALL_FORMATS: TextureFormatName[] = [
  'DXT1',
  'DXT2',
  'DXT3',
  'DXT4',
  'DXT5',
  '8888',
  '888',
  '565',
  '555',
  '1555',
  '4444',
  'LUM8',
  'PAL8',
  'PAL4',
];

describe('TXDReader: every PC pixel format, against an independent decoder', () => {
  const dictionary = (platformId: 8 | 9) => ({
    textures: ALL_FORMATS.flatMap((format, i) => [
      makeTexture(format, platformId, 13, 7, 4, 100 * platformId + i),
      makeTexture(format, platformId, 8, 8, 1, 200 * platformId + i, { alpha: false }),
      ...(format === 'PAL4' ? [makeTexture(format, platformId, 6, 5, 2, 300 + i, { packed: true })] : []),
    ]),
    deviceId: platformId === 9 ? 2 : 1,
    extension: new Uint8Array(0),
    libraryIds: [0x1803ffff, 0x1803ffff, 0x1803ffff] as const,
  });

  it.each([8, 9] as const)('Direct3D %i: every format and level, every backend, equals the reference bit for bit', (platformId) => {
    const written = writeTXD(dictionary(platformId));
    for (const backend of BACKENDS) {
      const txd = new TXDReader(written, { backend });
      expect(txd.textures.map((t) => t.format)).toEqual(ALL_FORMATS.flatMap((f) => (f === 'PAL4' ? [f, f, f] : [f, f])));
      for (const texture of txd.textures) {
        texture.levels.forEach((level, i) => {
          const expected = referenceRgba(texture.format, level.data, level.width, level.height, {
            palette: texture.palette,
            opaque: texture.format === 'DXT1' ? !texture.hasAlpha : texture.format.startsWith('PAL') && !texture.hasAlpha,
          });
          expect(Buffer.from(texture.rgba(i)).equals(Buffer.from(expected)), `${texture.name} level ${i} (${backend})`).toBe(true);
        });
      }
    }
  });

  it('reads back what it wrote, byte for byte, with the names, modes and flags', () => {
    const written = writeTXD(dictionary(9));
    const txd = new TXDReader(written);
    expect(writeTXD(txd)).toEqual(written);
    const dxt1 = txd.getTexture('DXT1_9')!; // case as the game compares names
    expect([dxt1.width, dxt1.height, dxt1.mipmapCount, dxt1.hasAlpha, dxt1.maskName, dxt1.filter, dxt1.addressU, dxt1.addressV]).toEqual([
      13,
      7,
      4,
      true,
      'mask',
      'linear-mip-linear',
      'wrap',
      'wrap',
    ]);
    expect(dxt1.levels.map((l) => [l.width, l.height])).toEqual([
      [13, 7],
      [6, 3],
      [3, 1],
      [1, 1],
    ]);
    // Level data are views of the input: no copy.
    expect(dxt1.levels[0]!.data.buffer).toBe(written.buffer);
  });

  it('DXT1 without alpha draws its transparent black opaque; with alpha, transparent', () => {
    const block = new Uint8Array([0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]); // c0 <= c1: three-colour mode, every index 3
    const texture = (alpha: boolean): TextureData => ({
      ...makeTexture('DXT1', 9, 4, 4, 1, 1, { alpha }),
      levels: [{ width: 4, height: 4, data: block }],
    });
    const read = (alpha: boolean) =>
      new TXDReader(
        writeTXD({ textures: [texture(alpha)], deviceId: 2, extension: new Uint8Array(0), libraryIds: [0, 0, 0] }),
      ).textures[0]!.rgba();
    expect(Array.from(read(true).subarray(0, 4))).toEqual([0, 0, 0, 0]);
    expect(Array.from(read(false).subarray(0, 4))).toEqual([0, 0, 0, 255]);
  });
});

describe("the kernel's divisions", () => {
  it('as multiplies and shifts, are exact over every value they meet (x / 3 below 800, x / 7 below 1800, x / 5 below 1300)', () => {
    for (let x = 0; x < 800; x++) expect((x * 43691) >>> 17).toBe(Math.floor(x / 3));
    for (let x = 0; x < 1800; x++) expect((x * 9363) >>> 16).toBe(Math.floor(x / 7));
    for (let x = 0; x < 1300; x++) expect((x * 13108) >>> 16).toBe(Math.floor(x / 5));
  });
});

describe('TXDReader: the sample dictionaries', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it.each(SAMPLES)(
    '%s.txd: every texture and level equals the independent decoder, on every backend, and writes back byte for byte',
    (name) => {
      const bytes = sample(`dff/${name}.txd`);
      const readers = BACKENDS.map((backend) => new TXDReader(bytes, { backend }));
      expect(writeTXD(readers[0]!)).toEqual(bytes);
      expect(readers[0]!.warnings).toEqual([]);
      let levels = 0;
      readers[0]!.textures.forEach((texture, t) => {
        texture.levels.forEach((level, i) => {
          const expected = referenceRgba(texture.format, level.data, level.width, level.height, {
            palette: texture.palette,
            opaque: texture.format === 'DXT1' && !texture.hasAlpha,
          });
          for (const reader of readers)
            expect(
              Buffer.from(reader.textures[t]!.rgba(i)).equals(Buffer.from(expected)),
              `${texture.name} level ${i} (${reader.textures[t]!.backend})`,
            ).toBe(true);
          levels++;
        });
      });
      expect(levels).toBeGreaterThan(4);
    },
  );

  it('names the formats the samples hold: DXT1 with and without alpha, DXT4, DXT5, 888 and 8888', () => {
    const formats = SAMPLES.flatMap((name) =>
      new TXDReader(sample(`dff/${name}.txd`)).textures.map((t) => `${t.format}${t.hasAlpha ? '+alpha' : ''}`),
    );
    expect(new Set(formats)).toEqual(new Set(['DXT1', 'DXT1+alpha', 'DXT4', 'DXT5', '888', '8888']));
  });
});

describe('TXDReader: bad input', () => {
  const good = () =>
    writeTXD({ textures: [makeTexture('8888', 9, 4, 4, 2, 5)], deviceId: 2, extension: new Uint8Array(0), libraryIds: [0, 0, 0] });
  const nativeStruct = 12 + 12 + 4 + 12 + 12; // dictionary, its struct and payload, native, struct headers

  it('refuses other platforms by name, as a DecodeError at the platform id', () => {
    const ps2 = good();
    new DataView(ps2.buffer).setUint32(nativeStruct, 0x00325350, true);
    expect(decodeErrorOf(() => new TXDReader(ps2))).toMatchObject({ format: 'TXD', code: 'unsupported-platform', offset: nativeStruct });
    expect(decodeErrorOf(() => new TXDReader(ps2)).message).toMatch(/PS2/);
  });

  it('checks every level against its Struct before anything is allocated', () => {
    const short = good();
    new DataView(short.buffer).setUint32(nativeStruct + 88, 3, true); // level 0 holds 3 bytes, needs 64
    expect(decodeErrorOf(() => new TXDReader(short))).toMatchObject({ code: 'chunk-size', offset: nativeStruct + 88 });
    const huge = good();
    new DataView(huge.buffer).setUint32(nativeStruct + 88, 0x7fffffff, true);
    expect(decodeErrorOf(() => new TXDReader(huge))).toMatchObject({ code: 'count-exceeds-data' });
    expect(decodeErrorOf(() => new TXDReader(new Uint8Array([1, 2, 3])))).toMatchObject({ code: 'truncated' });
    expect(decodeErrorOf(() => new TXDReader(new Uint8Array(16).fill(7)))).toMatchObject({ code: 'unknown-magic' });
  });

  it('cut anywhere, or mutated, it reads or throws a DecodeError, and decodes at most 8 bytes of RGBA per input byte', () => {
    const bytes = good();
    for (let cut = 0; cut < bytes.length; cut++) expect(() => new TXDReader(bytes.subarray(0, cut))).toThrow(DecodeError);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }), (edits) => {
        const copy = bytes.slice();
        for (const [at, value] of edits) copy[at] = value;
        let txd: TXDReader;
        try {
          txd = new TXDReader(copy);
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
          return;
        }
        let decoded = 0;
        for (const texture of txd.textures) texture.levels.forEach((_, i) => (decoded += texture.rgba(i).length));
        expect(decoded).toBeLessThanOrEqual(8 * copy.length);
      }),
      { numRuns: 400 },
    );
  });
});

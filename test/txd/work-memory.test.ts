// The texture kernel's work memory holds the previous call's input and pixels; nothing of it may come
// out again (issue #30, item 3). Indices past the stored palette: a PAL4 level may store one index per byte, as
// Direct3D's P8 format does, so its indices reach 255 while the file holds 32 palette entries. The
// entries past the stored ones are defined as zero on every backend: transparent black, or opaque
// black where the format draws its palette opaque. Nothing is read from another call's work memory.
import { describe, expect, it } from 'vitest';
import { TXDReader, writeTXD, type TextureData } from '../../src/index.js';
import { TEXEL_DXT5, TEXEL_INDEX8, TEXEL_BGRA8 } from '../../src/core/wasm-layout.js';
import { decodeTexelsJs } from '../../src/txd/decode-js.js';
import { decodeTexelsWasm } from '../../src/txd/decode-wasm.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';

const BACKENDS = ['simd', 'scalar', 'js'] as const;

/** A PAL4 texture, 4 x 4, one index per byte: indices 0 to 15, then every one from 240 to 255. */
function pal4(alpha: boolean): TextureData {
  const data = Uint8Array.from({ length: 16 }, (_, i) => (i < 8 ? i : 240 + i));
  return {
    ...plainTexture(),
    name: 'pal4',
    rasterFormat: (alpha ? 0x500 : 0x600) | 0x4000,
    formatWord: 41,
    depth: 4,
    compression: alpha ? 1 : 0,
    palette: Uint8Array.from({ length: 128 }, (_, i) => 10 + i),
    levels: [{ width: 4, height: 4, data }],
  };
}

/** An 8888 texture whose every byte is 0xab: what stale work memory would show. */
const bright = plainTexture(64, 64, 0xab);
const file = (texture: TextureData) => writeTXD(dictionaryOf(texture));

/** RGBA of pixel i as the palette defines it: the stored entry, or zero past the stored 32. */
function expected(texture: TextureData, alpha: boolean): number[] {
  const palette = texture.palette!;
  return Array.from(texture.levels[0]!.data).flatMap((index) => {
    const entry = 4 * index < palette.length ? Array.from(palette.subarray(4 * index, 4 * index + 4)) : [0, 0, 0, 0];
    return alpha ? entry : [entry[0]!, entry[1]!, entry[2]!, 255];
  });
}

describe('TXD: palette indices past the stored palette', () => {
  it.each([true, false])('read as zero entries on every backend, after another file filled the work memory (alpha %s)', (alpha) => {
    const texture = pal4(alpha);
    for (const backend of BACKENDS) {
      expect(new TXDReader(file(bright), { backend }).textures[0]!.rgba().every((v) => v === 0xab)).toBe(true);
      const decoded = new TXDReader(file(texture), { backend }).textures[0]!.rgba();
      expect(Array.from(decoded), backend).toEqual(expected(texture, alpha));
    }
  });
});

describe('the texture kernel shell: inputs shorter than the kernel reads', () => {
  // The reader never hands these over (it checks every size), but the shell must not depend on it.
  const cases = [
    { what: 'a short level', kind: TEXEL_BGRA8, src: new Uint8Array(5).fill(9), palette: null },
    { what: 'a short DXT5 level', kind: TEXEL_DXT5, src: new Uint8Array(20).fill(0x5a), palette: null },
    {
      what: 'a palette of 10 bytes, then no palette',
      kind: TEXEL_INDEX8,
      src: Uint8Array.from({ length: 64 }, (_, i) => i % 4),
      palette: new Uint8Array(10).fill(77),
    },
    { what: 'no palette', kind: TEXEL_INDEX8, src: new Uint8Array(64).fill(1), palette: null },
  ];
  it.each(cases)(
    '$what: the missing bytes read as zero on every backend, after another call filled the work memory',
    ({ kind, src, palette }) => {
      const js = new Uint8Array(8 * 8 * 4);
      decodeTexelsJs(kind, src, js, 8, 8, palette, false);
      for (const build of ['simd', 'scalar'] as const) {
        decodeTexelsWasm(build, TEXEL_BGRA8, new Uint8Array(64 * 64 * 4).fill(0xab), 64, 64, null, false);
        expect(Array.from(decodeTexelsWasm(build, kind, src, 8, 8, palette, false)!), build).toEqual(Array.from(js));
      }
      expect(js.includes(0xab)).toBe(false);
    },
  );
});

// The TypeScript twin of assembly/decode-texture.ts: the reference, the fallback where wasm is not
// available, and the benchmark baseline. Every integer step is the kernel's, so both give the same
// bytes (test/txd/backends.test.ts).
import {
  TEXEL_A1R5G5B5,
  TEXEL_A4R4G4B4,
  TEXEL_BGRA8,
  TEXEL_BGRX8,
  TEXEL_DXT1,
  TEXEL_DXT3,
  TEXEL_DXT5,
  TEXEL_INDEX4,
  TEXEL_INDEX8,
  TEXEL_L8,
  TEXEL_R5G6B5,
  TEXTURE_PALETTE_BYTES,
} from '../core/wasm-layout.js';

const OPAQUE = 0xff000000;

/** Decodes one level into `out` (width x height x 4 bytes, RGBA8). */
export function decodeTexelsJs(
  kind: number,
  src: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  palette: Uint8Array | null,
  opaque: boolean,
): void {
  const pixels = new Uint32Array(out.buffer, out.byteOffset, width * height);
  if (kind === TEXEL_DXT1 || kind === TEXEL_DXT3 || kind === TEXEL_DXT5) decodeBlocks(kind, src, pixels, width, height, opaque);
  else decodePixels(kind, src, pixels, width * height, palette, opaque);
}

function color565(c: number): number {
  const r5 = (c >>> 11) & 31;
  const g6 = (c >>> 5) & 63;
  const b5 = c & 31;
  return ((r5 << 3) | (r5 >>> 2) | (((g6 << 2) | (g6 >>> 4)) << 8) | (((b5 << 3) | (b5 >>> 2)) << 16) | OPAQUE) >>> 0;
}

function mix(a: number, b: number, wa: number, wb: number, d: number): number {
  const r = (((a & 255) * wa + (b & 255) * wb) / d) | 0;
  const g = ((((a >>> 8) & 255) * wa + ((b >>> 8) & 255) * wb) / d) | 0;
  const bl = ((((a >>> 16) & 255) * wa + ((b >>> 16) & 255) * wb) / d) | 0;
  return (r | (g << 8) | (bl << 16) | OPAQUE) >>> 0;
}

const colors = new Uint32Array(4);
const alphas = new Uint8Array(8);

function decodeBlocks(kind: number, src: Uint8Array, pixels: Uint32Array, width: number, height: number, opaque: boolean): void {
  const blocksX = (width + 3) >> 2;
  const blocksY = (height + 3) >> 2;
  const blockBytes = kind === TEXEL_DXT1 ? 8 : 16;
  let block = 0;
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      const colorAt = kind === TEXEL_DXT1 ? block : block + 8;
      const c0 = src[colorAt]! | (src[colorAt + 1]! << 8);
      const c1 = src[colorAt + 2]! | (src[colorAt + 3]! << 8);
      const a = color565(c0);
      const b = color565(c1);
      colors[0] = a;
      colors[1] = b;
      if (kind !== TEXEL_DXT1 || c0 > c1) {
        colors[2] = mix(a, b, 2, 1, 3);
        colors[3] = mix(a, b, 1, 2, 3);
      } else {
        colors[2] = mix(a, b, 1, 1, 2);
        colors[3] = opaque ? OPAQUE : 0;
      }
      if (kind === TEXEL_DXT5) alphaTable(src[block]!, src[block + 1]!);
      const indices = (src[colorAt + 4]! | (src[colorAt + 5]! << 8) | (src[colorAt + 6]! << 16) | (src[colorAt + 7]! << 24)) >>> 0;
      const x0 = bx << 2;
      const y0 = by << 2;
      const count = Math.min(4, width - x0);
      for (let y = 0; y < 4 && y0 + y < height; y++) {
        const row = (y0 + y) * width + x0;
        const bits = (indices >>> (y << 3)) & 255;
        const explicit = kind === TEXEL_DXT3 ? src[block + 2 * y]! | (src[block + 2 * y + 1]! << 8) : 0;
        for (let x = 0; x < count; x++) {
          let pixel = colors[(bits >>> (x << 1)) & 3]!;
          if (kind === TEXEL_DXT3) pixel = ((pixel & 0x00ffffff) | ((((explicit >>> (x << 2)) & 15) * 17) << 24)) >>> 0;
          else if (kind === TEXEL_DXT5) pixel = ((pixel & 0x00ffffff) | (alphas[alphaIndex(src, block, y * 4 + x)]! << 24)) >>> 0;
          pixels[row + x] = pixel;
        }
      }
      block += blockBytes;
    }
  }
}

function alphaTable(a0: number, a1: number): void {
  alphas[0] = a0;
  alphas[1] = a1;
  if (a0 > a1) {
    for (let i = 1; i < 7; i++) alphas[1 + i] = (((7 - i) * a0 + i * a1) / 7) | 0;
  } else {
    for (let i = 1; i < 5; i++) alphas[1 + i] = (((5 - i) * a0 + i * a1) / 5) | 0;
    alphas[6] = 0;
    alphas[7] = 255;
  }
}

function alphaIndex(src: Uint8Array, block: number, p: number): number {
  const bit = p * 3;
  const word = src[block + 2 + (bit >> 3)]! | (src[block + 3 + (bit >> 3)]! << 8);
  return (word >>> (bit & 7)) & 7;
}

const expand = (value: number, bits: number) =>
  bits === 5 ? (value << 3) | (value >>> 2) : bits === 6 ? (value << 2) | (value >>> 4) : value * 17;

/**
 * Palette entry `index` as a little-endian RGBA u32. The kernel's palette has 256 entries, zero past
 * the stored ones (TEXTURE_PALETTE_BYTES): a PAL4 level stored one index per byte reaches past its 32.
 */
function paletteEntry(palette: Uint8Array | null, index: number): number {
  const at = 4 * index;
  if (!palette || at + 4 > Math.min(palette.length, TEXTURE_PALETTE_BYTES)) return 0;
  return (palette[at]! | (palette[at + 1]! << 8) | (palette[at + 2]! << 16) | (palette[at + 3]! << 24)) >>> 0;
}

function decodePixels(
  kind: number,
  src: Uint8Array,
  pixels: Uint32Array,
  count: number,
  palette: Uint8Array | null,
  opaque: boolean,
): void {
  for (let i = 0; i < count; i++) {
    if (kind === TEXEL_BGRA8 || kind === TEXEL_BGRX8) {
      const at = 4 * i;
      pixels[i] = (src[at + 2]! | (src[at + 1]! << 8) | (src[at]! << 16) | ((kind === TEXEL_BGRX8 ? 255 : src[at + 3]!) << 24)) >>> 0;
    } else if (kind === TEXEL_L8) {
      const l = src[i]!;
      pixels[i] = (l | (l << 8) | (l << 16) | OPAQUE) >>> 0;
    } else if (kind === TEXEL_INDEX8 || kind === TEXEL_INDEX4) {
      const index = kind === TEXEL_INDEX8 ? src[i]! : (src[i >> 1]! >>> ((i & 1) << 2)) & 15;
      const entry = paletteEntry(palette, index);
      pixels[i] = opaque ? (entry | OPAQUE) >>> 0 : entry;
    } else {
      const p = src[2 * i]! | (src[2 * i + 1]! << 8);
      if (kind === TEXEL_R5G6B5) pixels[i] = color565(p);
      else if (kind === TEXEL_A4R4G4B4)
        pixels[i] =
          (expand((p >>> 8) & 15, 4) | (expand((p >>> 4) & 15, 4) << 8) | (expand(p & 15, 4) << 16) | (expand(p >>> 12, 4) << 24)) >>> 0;
      else {
        const alpha = kind === TEXEL_A1R5G5B5 ? (p >>> 15) * 255 : 255;
        pixels[i] = (expand((p >>> 10) & 31, 5) | (expand((p >>> 5) & 31, 5) << 8) | (expand(p & 31, 5) << 16) | (alpha << 24)) >>> 0;
      }
    }
  }
}

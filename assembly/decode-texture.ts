// Decode a texture level to RGBA8: DXT1/3/5 blocks, palettes and the D3D channel orders.
//
// The TypeScript shell (src/txd/decode-wasm.ts) has written every byte read here: `src` holds the whole
// level (zero-padded), `palette` 256 entries (zero past the stored ones, so an index past a PAL4 palette
// reads zero, never the previous call's pixels), and `dst` has width x height x 4 bytes. No bounds checks here.
// Compiled twice, with and without SIMD; both builds and src/txd/decode-js.ts give the same bytes.
import {
  TEXEL_DXT1, TEXEL_DXT3, TEXEL_DXT5, TEXEL_BGRA8, TEXEL_BGRX8, TEXEL_R5G6B5, TEXEL_A1R5G5B5, TEXEL_X1R5G5B5, TEXEL_A4R4G4B4,
  TEXEL_L8, TEXEL_INDEX8, TEXEL_INDEX4, TEXTURE_LUT_AT, TEXTURE_SCRATCH_AT,
} from '../src/core/wasm-layout';

const OPAQUE: u32 = 0xff000000;
let lutReady = false;

export function decodeTexels(kind: i32, src: usize, dst: usize, width: i32, height: i32, palette: usize, opaque: i32): void {
  if (kind == TEXEL_DXT1 || kind == TEXEL_DXT3 || kind == TEXEL_DXT5) decodeBlocks(kind, src, dst, width, height, opaque != 0);
  else decodePixels(kind, src, dst, width * height, palette, opaque != 0);
}

// 565 expanded to 8 bits per channel by bit replication, as little-endian RGBA in a u32.
@inline function color565(c: u32): u32 {
  const r5 = (c >> 11) & 31;
  const g6 = (c >> 5) & 63;
  const b5 = c & 31;
  return ((r5 << 3) | (r5 >> 2)) | (((g6 << 2) | (g6 >> 4)) << 8) | (((b5 << 3) | (b5 >> 2)) << 16) | OPAQUE;
}

// floor(x / 3) for x < 800 as a multiply and a shift (exact over that range: test/txd/txd.test.ts).
@inline function third(x: u32): u32 {
  return (x * 43691) >> 17;
}

// Per channel (2a + b) / 3, integer division, alpha opaque.
@inline function twoThirds(a: u32, b: u32): u32 {
  const r = third(((a & 255) << 1) + (b & 255));
  const g = third((((a >> 8) & 255) << 1) + ((b >> 8) & 255));
  const bl = third((((a >> 16) & 255) << 1) + ((b >> 16) & 255));
  return r | (g << 8) | (bl << 16) | OPAQUE;
}

// Per channel (a + b) / 2, alpha opaque.
@inline function half(a: u32, b: u32): u32 {
  const r = ((a & 255) + (b & 255)) >> 1;
  const g = (((a >> 8) & 255) + ((b >> 8) & 255)) >> 1;
  const bl = (((a >> 16) & 255) + ((b >> 16) & 255)) >> 1;
  return r | (g << 8) | (bl << 16) | OPAQUE;
}

function decodeBlocks(kind: i32, src: usize, dst: usize, width: i32, height: i32, opaque: bool): void {
  const blocksX = (width + 3) >> 2;
  const blocksY = (height + 3) >> 2;
  const blockBytes: usize = kind == TEXEL_DXT1 ? 8 : 16;
  const table = TEXTURE_SCRATCH_AT; // four u32 colours, then eight alpha bytes
  if (ASC_FEATURE_SIMD) {
    ensureLut();
    if (kind == TEXEL_DXT1) {
      dxt1Rows(src, dst, width, height, opaque);
      return;
    }
  }
  let block = src;
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++) {
      const colorAt = kind == TEXEL_DXT1 ? block : block + 8;
      const c0 = <u32>load<u16>(colorAt);
      const c1 = <u32>load<u16>(colorAt, 2);
      const a = color565(c0);
      const b = color565(c1);
      store<u32>(table, a);
      store<u32>(table, b, 4);
      if (kind != TEXEL_DXT1 || c0 > c1) {
        store<u32>(table, twoThirds(a, b), 8);
        store<u32>(table, twoThirds(b, a), 12);
      } else {
        store<u32>(table, half(a, b), 8);
        store<u32>(table, opaque ? OPAQUE : 0, 12);
      }
      if (kind == TEXEL_DXT5) alphaTable(load<u8>(block), load<u8>(block, 1), table + 16);
      const indices = load<u32>(colorAt, 4);
      const x0 = bx << 2;
      const y0 = by << 2;
      const full = x0 + 4 <= width;
      for (let y = 0; y < 4; y++) {
        if (y0 + y >= height) break;
        const row = dst + (<usize>((y0 + y) * width + x0) << 2);
        const bits = (indices >> (<u32>y << 3)) & 255;
        if (ASC_FEATURE_SIMD && full) {
          let pixels = i8x16.swizzle(v128.load(table), v128.load(TEXTURE_LUT_AT + (<usize>bits << 4)));
          if (kind == TEXEL_DXT3) pixels = v128.or(v128.and(pixels, i32x4.splat(0x00ffffff)), i32x4.shl(explicitAlphas(load<u16>(block + (<usize>y << 1))), 24));
          else if (kind == TEXEL_DXT5) pixels = v128.or(v128.and(pixels, i32x4.splat(0x00ffffff)), i32x4.shl(interpolatedAlphas(block, y, table + 16), 24));
          v128.store(row, pixels);
        } else {
          const count = min(4, width - x0);
          for (let x = 0; x < count; x++) {
            let pixel = load<u32>(table + (<usize>((bits >> (<u32>x << 1)) & 3) << 2));
            if (kind == TEXEL_DXT3) pixel = (pixel & 0x00ffffff) | ((((<u32>load<u16>(block + (<usize>y << 1)) >> (<u32>x << 2)) & 15) * 17) << 24);
            else if (kind == TEXEL_DXT5) pixel = (pixel & 0x00ffffff) | (<u32>load<u8>(table + 16 + alphaIndex(block, y * 4 + x)) << 24);
            store<u32>(row + (<usize>x << 2), pixel);
          }
        }
      }
      block += blockBytes;
    }
  }
}

// DXT1 in SIMD: each block's four colours in one vector, each full row of four pixels one swizzle
// through the row-selector table and one store. Edge blocks (a width not a multiple of 4) go pixel by pixel.
function dxt1Rows(src: usize, dst: usize, width: i32, height: i32, opaque: bool): void {
  const blocksX = (width + 3) >> 2;
  const blocksY = (height + 3) >> 2;
  const transparent = opaque ? OPAQUE : 0;
  let block = src;
  for (let by = 0; by < blocksY; by++) {
    const y0 = by << 2;
    const rows = min(4, height - y0);
    for (let bx = 0; bx < blocksX; bx++) {
      const c0 = <u32>load<u16>(block);
      const c1 = <u32>load<u16>(block, 2);
      const a = color565(c0);
      const b = color565(c1);
      const colors = c0 > c1 ? i32x4(a, b, twoThirds(a, b), twoThirds(b, a)) : i32x4(a, b, half(a, b), transparent);
      const indices = load<u32>(block, 4);
      const x0 = bx << 2;
      let row = dst + (<usize>(y0 * width + x0) << 2);
      const stride = <usize>width << 2;
      if (x0 + 4 <= width) {
        for (let y = 0; y < rows; y++) {
          v128.store(row, i8x16.swizzle(colors, v128.load(TEXTURE_LUT_AT + (<usize>((indices >> (<u32>y << 3)) & 255) << 4))));
          row += stride;
        }
      } else {
        const count = width - x0;
        for (let y = 0; y < rows; y++) {
          const bits = (indices >> (<u32>y << 3)) & 255;
          for (let x = 0; x < count; x++) {
            const index = (bits >> (<u32>x << 1)) & 3;
            store<u32>(row + (<usize>x << 2), index == 0 ? a : index == 1 ? b : index == 2 ? <u32>i32x4.extract_lane(colors, 2) : <u32>i32x4.extract_lane(colors, 3));
          }
          row += stride;
        }
      }
      block += 8;
    }
  }
}

// The eight alphas of a DXT5 block: a0, a1, then six (or four, then 0 and 255) between them.
function alphaTable(a0: u32, a1: u32, at: usize): void {
  store<u8>(at, a0);
  store<u8>(at, a1, 1);
  if (a0 > a1) {
    for (let i: u32 = 1; i < 7; i++) store<u8>(at + 1 + i, (((7 - i) * a0 + i * a1) * 9363) >> 16); // floor(x / 7), exact below 1800
  } else {
    for (let i: u32 = 1; i < 5; i++) store<u8>(at + 1 + i, (((5 - i) * a0 + i * a1) * 13108) >> 16); // floor(x / 5), exact below 1300
    store<u8>(at, 0, 6);
    store<u8>(at, 255, 7);
  }
}

// Pixel p's 3-bit alpha index: 48 bits after the two endpoint bytes, pixel 0 lowest.
@inline function alphaIndex(block: usize, p: i32): usize {
  const bit = p * 3;
  const word = <u32>load<u8>(block + 2 + (bit >> 3)) | (<u32>load<u8>(block + 3 + (bit >> 3)) << 8);
  return <usize>((word >> (<u32>bit & 7)) & 7);
}

@inline function interpolatedAlphas(block: usize, y: i32, alphas: usize): v128 {
  const p = y * 4;
  return i32x4(
    <i32>load<u8>(alphas + alphaIndex(block, p)),
    <i32>load<u8>(alphas + alphaIndex(block, p + 1)),
    <i32>load<u8>(alphas + alphaIndex(block, p + 2)),
    <i32>load<u8>(alphas + alphaIndex(block, p + 3)),
  );
}

@inline function explicitAlphas(row: u16): v128 {
  const r = <i32>row;
  return i32x4((r & 15) * 17, ((r >> 4) & 15) * 17, ((r >> 8) & 15) * 17, ((r >> 12) & 15) * 17);
}

// For each byte of four 2-bit colour indices: the 16 byte selectors that pick their colours' bytes.
function ensureLut(): void {
  if (lutReady) return;
  for (let bits = 0; bits < 256; bits++) {
    for (let x = 0; x < 4; x++) {
      const index = (bits >> (x << 1)) & 3;
      for (let c = 0; c < 4; c++) store<u8>(TEXTURE_LUT_AT + (<usize>bits << 4) + (<usize>x << 2) + c, index * 4 + c);
    }
  }
  lutReady = true;
}

function decodePixels(kind: i32, src: usize, dst: usize, count: i32, palette: usize, opaque: bool): void {
  let i = 0;
  if (ASC_FEATURE_SIMD && (kind == TEXEL_BGRA8 || kind == TEXEL_BGRX8)) {
    const alpha = kind == TEXEL_BGRX8 ? i32x4.splat(<i32>OPAQUE) : i32x4.splat(0);
    for (; i + 4 <= count; i += 4) {
      const at = <usize>i << 2;
      v128.store(dst + at, v128.or(i8x16.shuffle(v128.load(src + at), v128.load(src + at), 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15), alpha));
    }
  }
  for (; i < count; i++) store<u32>(dst + (<usize>i << 2), texel(kind, src, i, palette, opaque));
}

@inline function expand(value: u32, bits: u32): u32 {
  return bits == 5 ? (value << 3) | (value >> 2) : bits == 6 ? (value << 2) | (value >> 4) : value * 17;
}

function texel(kind: i32, src: usize, i: i32, palette: usize, opaque: bool): u32 {
  if (kind == TEXEL_BGRA8 || kind == TEXEL_BGRX8) {
    const p = load<u32>(src + (<usize>i << 2));
    const rgb = ((p >> 16) & 255) | (p & 0xff00) | ((p & 255) << 16);
    return rgb | (kind == TEXEL_BGRX8 ? OPAQUE : p & 0xff000000);
  }
  if (kind == TEXEL_L8) {
    const l = <u32>load<u8>(src + i);
    return l | (l << 8) | (l << 16) | OPAQUE;
  }
  if (kind == TEXEL_INDEX8 || kind == TEXEL_INDEX4) {
    const index = kind == TEXEL_INDEX8 ? <u32>load<u8>(src + i) : (<u32>load<u8>(src + (i >> 1)) >> ((<u32>i & 1) << 2)) & 15;
    const entry = load<u32>(palette + (<usize>index << 2));
    return opaque ? entry | OPAQUE : entry;
  }
  const p = <u32>load<u16>(src + (<usize>i << 1));
  if (kind == TEXEL_R5G6B5) return color565(p);
  if (kind == TEXEL_A4R4G4B4) return expand((p >> 8) & 15, 4) | (expand((p >> 4) & 15, 4) << 8) | (expand(p & 15, 4) << 16) | (expand(p >> 12, 4) << 24);
  // 1555 and 555: five bits a channel; the top bit is alpha (1555) or unused (555).
  const a = kind == TEXEL_A1R5G5B5 ? (p >> 15) * 255 : 255;
  return expand((p >> 10) & 31, 5) | (expand((p >> 5) & 31, 5) << 8) | (expand(p & 31, 5) << 16) | (a << 24);
}

import { kernelModule } from '../core/wasm-kernel.js';
import { releaseIfHuge, workInstance, align16 } from '../core/wasm-memory.js';
import {
  TEXEL_BGRA8, TEXEL_BGRX8, TEXEL_DXT1, TEXEL_DXT3, TEXEL_DXT5, TEXEL_INDEX4, TEXEL_INDEX8, TEXEL_L8, TEXTURE_PALETTE_BYTES, TEXTURE_RESERVED_BYTES,
} from '../core/wasm-layout.js';

interface TextureExports {
  decodeTexels: (kind: number, src: number, dst: number, width: number, height: number, palette: number, opaque: number) => void;
}

/** The bytes the kernel reads for a level of `kind`: whole DXT blocks, or every pixel's texel. */
function texelBytes(kind: number, width: number, height: number): number {
  if (kind === TEXEL_DXT1 || kind === TEXEL_DXT3 || kind === TEXEL_DXT5) return ((width + 3) >> 2) * ((height + 3) >> 2) * (kind === TEXEL_DXT1 ? 8 : 16);
  const pixels = width * height;
  if (kind === TEXEL_INDEX4) return Math.ceil(pixels / 2);
  if (kind === TEXEL_INDEX8 || kind === TEXEL_L8) return pixels;
  return pixels * (kind === TEXEL_BGRA8 || kind === TEXEL_BGRX8 ? 4 : 2);
}

/**
 * Decodes one level in the texture kernel's shared work memory: the stored bytes and the palette are
 * copied in, and the RGBA8 pixels come out as a new array the caller owns (one copy, no zero-filled
 * buffer first). Undefined when the host refuses the memory (the caller then decodes in TypeScript).
 *
 * The work memory still holds the previous call's input and pixels, so every byte the kernel may read
 * is written here first: a level shorter than its texels is padded with zeros, and an indexed level
 * gets a whole 256-entry palette, zero past the stored entries, as the TypeScript twin reads it.
 */
export function decodeTexelsWasm(build: 'simd' | 'scalar', kind: number, src: Uint8Array, width: number, height: number, palette: Uint8Array | null, opaque: boolean): Uint8Array | undefined {
  const module = kernelModule(build, 'texture');
  if (!module) return undefined;
  const outBytes = width * height * 4;
  const srcBytes = Math.max(src.length, texelBytes(kind, width, height));
  const paletteBytes = kind === TEXEL_INDEX8 || kind === TEXEL_INDEX4 ? TEXTURE_PALETTE_BYTES : 0;
  const srcAt = TEXTURE_RESERVED_BYTES;
  const paletteAt = srcAt + align16(srcBytes);
  const dstAt = paletteAt + paletteBytes;
  const work = workInstance<TextureExports>(module, dstAt + outBytes + 16);
  if (!work) return undefined;
  const heap = new Uint8Array(work.memory.buffer);
  heap.set(src, srcAt);
  heap.fill(0, srcAt + src.length, srcAt + srcBytes);
  if (paletteBytes) {
    // Whole entries only: the twin reads a partial last entry as zero too.
    const stored = palette?.subarray(0, Math.min(paletteBytes, palette.length & ~3)) ?? new Uint8Array(0);
    heap.set(stored, paletteAt);
    heap.fill(0, paletteAt + stored.length, paletteAt + paletteBytes);
  }
  work.exports.decodeTexels(kind, srcAt, dstAt, width, height, paletteAt, opaque ? 1 : 0);
  const out = heap.slice(dstAt, dstAt + outBytes);
  releaseIfHuge(module);
  return out;
}

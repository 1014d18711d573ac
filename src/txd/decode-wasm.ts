import { callKernel } from '../core/wasm-call.js';
import { kernelModule } from '../core/wasm-kernel.js';
import { align16, workHeap } from '../core/wasm-memory.js';
import {
  TEXEL_BGRA8,
  TEXEL_BGRX8,
  TEXEL_DXT1,
  TEXEL_DXT3,
  TEXEL_DXT5,
  TEXEL_INDEX4,
  TEXEL_INDEX8,
  TEXEL_L8,
  TEXTURE_PALETTE_BYTES,
} from '../core/wasm-layout.js';

/** The bytes the kernel reads for a level of `kind`: whole DXT blocks, or every pixel's texel. */
function texelBytes(kind: number, width: number, height: number): number {
  if (kind === TEXEL_DXT1 || kind === TEXEL_DXT3 || kind === TEXEL_DXT5)
    return ((width + 3) >> 2) * ((height + 3) >> 2) * (kind === TEXEL_DXT1 ? 8 : 16);
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
export function decodeTexelsWasm(
  build: 'simd' | 'scalar',
  kind: number,
  src: Uint8Array,
  width: number,
  height: number,
  palette: Uint8Array | null,
  opaque: boolean,
): Uint8Array | undefined {
  const module = kernelModule(build, 'texture');
  if (!module) return undefined;
  const outBytes = width * height * 4;
  const srcBytes = Math.max(src.length, texelBytes(kind, width, height));
  const paletteBytes = kind === TEXEL_INDEX8 || kind === TEXEL_INDEX4 ? TEXTURE_PALETTE_BYTES : 0;
  // Whole palette entries only: the twin reads a partial last entry as zero too.
  const stored = paletteBytes ? (palette?.subarray(0, Math.min(paletteBytes, palette.length & ~3)) ?? new Uint8Array(0)) : undefined;
  return callKernel(workHeap('texture', module), 'decodeTexels', align16(srcBytes) + paletteBytes + outBytes + 16, (srcAt) => {
    const paletteAt = srcAt + align16(srcBytes);
    const dstAt = paletteAt + paletteBytes;
    const texels = { at: srcAt, data: src, readBytes: srcBytes };
    return {
      inputs: stored ? [texels, { at: paletteAt, data: stored, readBytes: paletteBytes }] : [texels],
      args: { kind, src: srcAt, dst: dstAt, width, height, palette: paletteAt, opaque: opaque ? 1 : 0 },
      output: (memory) => new Uint8Array(memory).slice(dstAt, dstAt + outBytes),
    };
  });
}

import { kernelModule } from '../core/wasm-kernel.js';
import { releaseIfHuge, workInstance, align16 } from '../core/wasm-memory.js';
import { TEXTURE_RESERVED_BYTES } from '../core/wasm-layout.js';

interface TextureExports {
  decodeTexels: (kind: number, src: number, dst: number, width: number, height: number, palette: number, opaque: number) => void;
}

/**
 * Decodes one level in the texture kernel's shared work memory: the stored bytes and the palette are
 * copied in, and the RGBA8 pixels come out as a new array the caller owns (one copy, no zero-filled
 * buffer first). Undefined when the host refuses the memory (the caller then decodes in TypeScript).
 */
export function decodeTexelsWasm(build: 'simd' | 'scalar', kind: number, src: Uint8Array, width: number, height: number, palette: Uint8Array | null, opaque: boolean): Uint8Array | undefined {
  const module = kernelModule(build, 'texture');
  if (!module) return undefined;
  const outBytes = width * height * 4;
  const srcAt = TEXTURE_RESERVED_BYTES;
  const paletteAt = srcAt + align16(src.length);
  const dstAt = paletteAt + align16(palette?.length ?? 0);
  const work = workInstance<TextureExports>(module, dstAt + outBytes + 16);
  if (!work) return undefined;
  const heap = new Uint8Array(work.memory.buffer);
  heap.set(src, srcAt);
  if (palette) heap.set(palette, paletteAt);
  work.exports.decodeTexels(kind, srcAt, dstAt, width, height, paletteAt, opaque ? 1 : 0);
  const out = heap.slice(dstAt, dstAt + outBytes);
  releaseIfHuge(module);
  return out;
}

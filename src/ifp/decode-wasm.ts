import { Field, ROW_FIELDS, type TrackTable } from './track-table.js';

const PAGE_BYTES = 65536;
// The SIMD kernel loads 16 bytes per int16 frame, up to 6 past the last frame it decodes.
const OVERREAD_BYTES = 16;
// Addresses travel as i32 in the table; stay clear of the sign bit.
const MAX_MEMORY_BYTES = 0x7fff0000;
// Small decodes share slabs of this size; larger ones get a memory of their own.
const SLAB_BYTES = 2 << 20;
const SHARED_LIMIT = SLAB_BYTES / 4;

const align16 = (n: number): number => (n + 15) & ~15;

/** A fixed-size wasm memory, with the kernel instantiated over it, handed out front to back. */
interface Slab {
  memory: WebAssembly.Memory;
  decodeTracks: (table: number, trackCount: number) => void;
  /** Bytes below this belong to outputs already handed out; they are never written again. */
  used: number;
}

const openSlabs = new Map<WebAssembly.Module, Slab>();

function createSlab(module: WebAssembly.Module, bytes: number): Slab {
  const pages = Math.max(1, Math.ceil(bytes / PAGE_BYTES));
  // maximum = initial: this memory can never grow, so views over it can never be detached.
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  return { memory, decodeTracks: instance.exports['decodeTracks'] as Slab['decodeTracks'], used: 0 };
}

/** Bytes of wasm memory a decode of this table needs: output, then scratch (input copy and table). */
function decodeBytes(table: TrackTable): number {
  return align16(table.outputFloats * 4) + align16(table.inputEnd + OVERREAD_BYTES) + table.count * ROW_FIELDS * 4;
}

/** False when a decode is too large for a wasm32 memory (the caller then decodes in TypeScript). */
export function fitsWasm(table: TrackTable): boolean {
  return decodeBytes(table) <= MAX_MEMORY_BYTES;
}

/**
 * Decodes every track in one kernel call and returns the output as a view over wasm memory.
 *
 * Layout from `slab.used`: [output floats | input copy | 16 spare bytes | track table]. The output is
 * kept (the slab's `used` moves past it); the scratch above it is overwritten by the next decode.
 * Memories never grow and outputs are never rewritten, so every view stays valid and unchanged for
 * as long as it is held. A small decode shares a slab with others and keeps it alive while referenced.
 */
export function decodeTracksWasm(module: WebAssembly.Module, input: Uint8Array, table: TrackTable): Float32Array {
  const needed = decodeBytes(table);
  if (needed > MAX_MEMORY_BYTES) throw new RangeError('decode too large for a wasm32 memory');
  let slab: Slab;
  if (needed > SHARED_LIMIT) {
    slab = createSlab(module, needed);
  } else {
    slab = openSlabs.get(module) ?? createSlab(module, SLAB_BYTES);
    if (slab.memory.buffer.byteLength - slab.used < needed) slab = createSlab(module, SLAB_BYTES);
    openSlabs.set(module, slab);
  }

  const outputAt = slab.used;
  const inputAt = outputAt + align16(table.outputFloats * 4);
  const tableAt = inputAt + align16(table.inputEnd + OVERREAD_BYTES);
  const buffer = slab.memory.buffer;
  new Uint8Array(buffer, inputAt, table.inputEnd).set(input.subarray(0, table.inputEnd));

  const rows = new Int32Array(buffer, tableAt, table.count * ROW_FIELDS);
  const source = table.rows;
  const address = (floatOffset: number): number => (floatOffset < 0 ? 0 : outputAt + 4 * floatOffset);
  for (let r = 0; r < source.length; r += ROW_FIELDS) {
    rows[r + Field.Kind] = source[r + Field.Kind]!;
    rows[r + Field.FrameCount] = source[r + Field.FrameCount]!;
    rows[r + Field.Source] = inputAt + source[r + Field.Source]!;
    rows[r + Field.Times] = address(source[r + Field.Times]!);
    rows[r + Field.Rotations] = address(source[r + Field.Rotations]!);
    rows[r + Field.Translations] = address(source[r + Field.Translations]!);
    rows[r + Field.Scales] = address(source[r + Field.Scales]!);
  }
  slab.decodeTracks(tableAt, table.count);
  slab.used = align16(outputAt + table.outputFloats * 4);
  return new Float32Array(buffer, outputAt, table.outputFloats);
}

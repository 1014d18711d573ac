import { Field, ROW_FIELDS, type TrackTable } from './track-table.js';

const PAGE_BYTES = 65536;
// The SIMD kernel loads 16 bytes per int16 frame, up to 6 past the last frame it decodes.
const OVERREAD_BYTES = 16;
// Addresses travel as i32 in the table; stay clear of the sign bit.
const MAX_MEMORY_BYTES = 0x7fff0000;

const align16 = (n: number): number => (n + 15) & ~15;

/** Bytes of wasm memory a decode of this table needs, or undefined when it is too large for wasm32. */
export function wasmMemoryBytes(table: TrackTable): number | undefined {
  const tableAt = align16(table.inputEnd + OVERREAD_BYTES);
  const outputAt = align16(tableAt + table.count * ROW_FIELDS * 4);
  const total = outputAt + table.outputFloats * 4;
  return total <= MAX_MEMORY_BYTES ? total : undefined;
}

/**
 * Decodes every track in one kernel call, into a memory made for this decode alone.
 *
 * Layout: [input copy | 16 spare bytes | track table | output floats]. The memory is created at its
 * final size with that size as its maximum, so it can never grow and detach the views handed out
 * over it: they stay valid as long as the caller holds them.
 */
export function decodeTracksWasm(module: WebAssembly.Module, input: Uint8Array, table: TrackTable): Float32Array {
  const total = wasmMemoryBytes(table);
  if (total === undefined) throw new RangeError('decode too large for a wasm32 memory');
  const pages = Math.max(1, Math.ceil(total / PAGE_BYTES));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  const decodeTracks = instance.exports['decodeTracks'] as (table: number, trackCount: number) => void;

  const tableAt = align16(table.inputEnd + OVERREAD_BYTES);
  const outputAt = align16(tableAt + table.count * ROW_FIELDS * 4);
  new Uint8Array(memory.buffer).set(input.subarray(0, table.inputEnd));

  const rows = new Int32Array(memory.buffer, tableAt, table.count * ROW_FIELDS);
  const source = table.rows;
  const address = (floatOffset: number): number => (floatOffset < 0 ? 0 : outputAt + 4 * floatOffset);
  for (let r = 0; r < source.length; r += ROW_FIELDS) {
    rows[r + Field.Kind] = source[r + Field.Kind]!;
    rows[r + Field.FrameCount] = source[r + Field.FrameCount]!;
    rows[r + Field.Source] = source[r + Field.Source]!;
    rows[r + Field.Times] = address(source[r + Field.Times]!);
    rows[r + Field.Rotations] = address(source[r + Field.Rotations]!);
    rows[r + Field.Translations] = address(source[r + Field.Translations]!);
    rows[r + Field.Scales] = address(source[r + Field.Scales]!);
  }
  decodeTracks(tableAt, table.count);
  return new Float32Array(memory.buffer, outputAt, table.outputFloats);
}

import { align16, newBuffer, releaseIfHuge, workInstance, type Allocate, type KernelInstance } from '../core/wasm-memory.js';
import { DECODE_RESERVED_BYTES, OVERREAD_BYTES } from '../core/wasm-layout.js';
import { ROW_FIELDS, type TrackTable } from './track-table.js';

/** What the decode kernel exports. */
export interface DecodeExports {
  /** Returns how many float key times are infinite or NaN. */
  decodeTracks: (table: number, trackCount: number, inputBase: number, outputBase: number) => number;
  scanAnp: (...args: number[]) => number;
}

/** A decode kernel instance over a memory that only this library touches: no view handed out points into it. */
export type Work = KernelInstance<DecodeExports>;

/**
 * Where one decode's parts go in work memory, from `start` on: [output floats | input copy | overread
 * padding | track table]. bench/profile.ts lays out its corpus with this too.
 */
export function workLayout(table: TrackTable, start = DECODE_RESERVED_BYTES) {
  const outputAt = align16(start);
  const inputAt = outputAt + align16(table.outputFloats * 4);
  const tableAt = inputAt + align16(table.inputEnd + OVERREAD_BYTES);
  return { outputAt, inputAt, tableAt, end: tableAt + table.count * ROW_FIELDS * 4 };
}

/**
 * Decodes every track in one kernel call inside a reusable work memory, then copies the output in
 * one block into a new buffer that the caller owns. Returns undefined when the decode does not fit a
 * wasm32 memory or the host refuses the memory: the caller decodes in TypeScript.
 *
 * Why copy rather than hand out views of wasm memory: a wasm memory is always fresh pages, and on
 * first touch each page faults; a JS ArrayBuffer usually comes from memory the allocator already
 * holds. Measured on the SA-sized corpus, decode-in-warm-memory plus one memcpy beats decoding into
 * a fresh wasm memory by almost 2x (bench/ANALYSIS.md). It also means no view ever points into a
 * memory that can grow, so the work memory grows freely.
 */
export function decodeTracksWasm(module: WebAssembly.Module, input: Uint8Array, table: TrackTable, allocate: Allocate = newBuffer): Float32Array | undefined {
  const { outputAt, inputAt, tableAt, end } = workLayout(table);
  const work = workInstance<DecodeExports>(module, end);
  if (!work) return undefined;
  const buffer = work.memory.buffer;
  new Uint8Array(buffer, inputAt, table.inputEnd).set(input.subarray(0, table.inputEnd));
  new Int32Array(buffer, tableAt, table.count * ROW_FIELDS).set(table.used);
  work.exports.decodeTracks(tableAt, table.count, inputAt, outputAt);
  const target = allocate(table.outputFloats * 4);
  target.set(new Uint8Array(buffer, outputAt, table.outputFloats * 4));
  releaseIfHuge(module);
  return new Float32Array(target.buffer, target.byteOffset, table.outputFloats);
}

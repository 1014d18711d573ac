import { newBuffer, type Allocate } from '../core/arena.js';
import { kernelImports } from '../core/wasm-kernel.js';
import { DECODE_RESERVED_BYTES, OVERREAD_BYTES } from '../core/wasm-layout.js';
import { ROW_FIELDS, type TrackTable } from './track-table.js';

const PAGE_BYTES = 65536;
// Addresses travel as i32 in the table; stay clear of the sign bit.
export const MAX_MEMORY_BYTES = 0x7fff0000;
// A work memory larger than this is dropped after the decode that needed it, so one huge file does
// not pin its size for the rest of the process.
const KEEP_WORK_BYTES = 64 << 20;

export const align16 = (n: number): number => (n + 15) & ~15;


/** A kernel instance over a memory that only this library touches: no view handed out points into it. */
export interface Work {
  memory: WebAssembly.Memory;
  /** Returns how many float key times are infinite or NaN. */
  decodeTracks: (table: number, trackCount: number, inputBase: number, outputBase: number) => number;
  scanAnp: (...args: number[]) => number;
}

const workByModule = new Map<WebAssembly.Module, Work>();

/**
 * The module's work instance, its memory grown to at least `bytes`; undefined when the host refuses
 * that much memory (the callers then decode in TypeScript instead of failing).
 */
export function workFor(module: WebAssembly.Module, bytes: number): Work | undefined {
  try {
    let work = workByModule.get(module);
    if (!work) {
      const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
      const instance = new WebAssembly.Instance(module, kernelImports(memory));
      const { decodeTracks, scanAnp } = instance.exports as unknown as Work;
      work = { memory, decodeTracks, scanAnp };
      workByModule.set(module, work);
    }
    const missing = bytes - work.memory.buffer.byteLength;
    if (missing > 0) work.memory.grow(Math.ceil(missing / PAGE_BYTES));
    return work;
  } catch (error) {
    if (error instanceof RangeError) return undefined; // out of memory for wasm
    throw error;
  }
}

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
  const work = end <= MAX_MEMORY_BYTES ? workFor(module, end) : undefined;
  if (!work) return undefined;
  const buffer = work.memory.buffer;
  new Uint8Array(buffer, inputAt, table.inputEnd).set(input.subarray(0, table.inputEnd));
  new Int32Array(buffer, tableAt, table.count * ROW_FIELDS).set(table.used);
  work.decodeTracks(tableAt, table.count, inputAt, outputAt);
  const target = allocate(table.outputFloats * 4);
  target.set(new Uint8Array(buffer, outputAt, table.outputFloats * 4));
  releaseIfHuge(module, work);
  return new Float32Array(target.buffer, target.byteOffset, table.outputFloats);
}

/** Drops a work memory that grew past KEEP_WORK_BYTES, so one huge file does not pin its size. */
export function releaseIfHuge(module: WebAssembly.Module, work: Work): void {
  if (work.memory.buffer.byteLength > KEEP_WORK_BYTES) workByModule.delete(module);
}

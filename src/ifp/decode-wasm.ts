import { callKernel } from '../core/wasm-call.js';
import { align16, newBuffer, workHeap, type Allocate } from '../core/wasm-memory.js';
import { DECODE_RESERVED_BYTES, OVERREAD_BYTES } from '../core/wasm-layout.js';
import { ROW_FIELDS, type TrackTable } from './track-table.js';

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
export function decodeTracksWasm(
  module: WebAssembly.Module,
  input: Uint8Array,
  table: TrackTable,
  allocate: Allocate = newBuffer,
): Float32Array | undefined {
  const outputBytes = table.outputFloats * 4;
  return callKernel(workHeap('decode', module), 'decodeTracks', workLayout(table, 0).end, (at) => {
    const { outputAt, inputAt, tableAt } = workLayout(table, at);
    return {
      inputs: [
        { at: inputAt, data: input.subarray(0, table.inputEnd) },
        { at: tableAt, data: table.used },
      ],
      args: { table: tableAt, trackCount: table.count, inputBase: inputAt, outputBase: outputAt },
      output: (memory) => {
        const target = allocate(outputBytes);
        target.set(new Uint8Array(memory, outputAt, outputBytes));
        return new Float32Array(target.buffer, target.byteOffset, table.outputFloats);
      },
    };
  });
}

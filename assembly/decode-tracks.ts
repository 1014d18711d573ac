// Dequantise and de-interleave IFP keyframes into structure-of-arrays f32 output.
//
// The TypeScript shell has already validated every range below: each row of the track table names a
// source run that lies inside the copied input, and output runs that lie inside this instance's memory.
// The kernel trusts the table and does no bounds checks of its own.
//
// Compiled twice: with `--enable simd` (ASC_FEATURE_SIMD true) and without. The per-track decoders
// are in assembly/decode-track.ts, which assembly/scan-anp.ts calls too.

// The track table rows, the kind numbers and the frame layouts come from src/core/wasm-layout.ts,
// which the TypeScript shell imports too. Offsets in a row are relative, so the shell copies its table
// in with one memcpy, wherever the buffers land.
import { ROW_BYTES, ROW_KIND, ROW_FRAME_COUNT, ROW_SOURCE, ROW_TIMES, ROW_ROTATIONS, ROW_TRANSLATIONS, ROW_SCALES } from '../src/core/wasm-layout';
import { decodeTrack } from './decode-track';

// Returns how many float key times are infinite or NaN (the shell reports them; int16 times never are).
export function decodeTracks(table: usize, trackCount: i32, inputBase: usize, outputBase: usize): i32 {
  let nonFiniteTimes = 0;
  for (let t = 0; t < trackCount; t++) {
    const row = table + <usize>t * ROW_BYTES;
    nonFiniteTimes += decodeTrack(
      load<i32>(row + (ROW_KIND << 2)),
      load<i32>(row + (ROW_FRAME_COUNT << 2)),
      inputBase + <usize>load<u32>(row + (ROW_SOURCE << 2)),
      outputAddress(outputBase, load<i32>(row + (ROW_TIMES << 2))),
      outputAddress(outputBase, load<i32>(row + (ROW_ROTATIONS << 2))),
      outputAddress(outputBase, load<i32>(row + (ROW_TRANSLATIONS << 2))),
      outputAddress(outputBase, load<i32>(row + (ROW_SCALES << 2))),
    );
  }
  return nonFiniteTimes;
}

// 0 stands for "no such array"; real outputs never start at address 0 (the shell keeps the first
// 16 bytes of memory free and places the input after them).
@inline
function outputAddress(outputBase: usize, floatOffset: i32): usize {
  return floatOffset < 0 ? 0 : outputBase + (<usize>floatOffset << 2);
}

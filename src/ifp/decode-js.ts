import {
  ANP_FLOAT_TIME_AT,
  ANP_FLOAT_TRANSLATION_AT,
  ANPK_KR00_TIME_AT,
  ANPK_KRT0_TIME_AT,
  ANPK_KRTS_TIME_AT,
  ANPK_SCALE_AT,
  ANPK_TRANSLATION_AT,
  FRAME_BYTES_ANP_FLOAT_ROT,
  FRAME_BYTES_ANP_FLOAT_ROT_TRANS,
  FRAME_BYTES_ANP_INT16_ROT,
  FRAME_BYTES_ANP_INT16_ROT_TRANS,
  FRAME_BYTES_ANPK_KR00,
  FRAME_BYTES_ANPK_KRT0,
  FRAME_BYTES_ANPK_KRTS,
  ROTATION_DIVISOR,
  TICKS_PER_SECOND,
  TRANSLATION_DIVISOR,
} from '../core/wasm-layout.js';
import { TrackKind } from './track-kinds.js';
import { Field, type TrackTable } from './track-table.js';

const CONJUGATE_SIGN = 0x80000000 | 0;
const EXPONENT_BITS = 0x7f800000;

/**
 * The plain-TypeScript decoder: the reference the wasm kernels must match bit for bit, the fallback
 * where WebAssembly is missing, and the benchmark baseline. Mirrors assembly/decode-tracks.ts.
 *
 * Divisions by 60 round once to f32 when stored, which equals wasm's `f32.div` for int16 inputs.
 * Float frames are copied as 32-bit patterns (with a sign-bit flip for ANPK rotations), so NaN
 * payloads and negative zeros survive exactly as in the kernel.
 */
/** Returns how many float key times are infinite or NaN, as the kernel does. */
export function decodeTracksJs(input: Uint8Array, table: TrackTable, out: Float32Array): number {
  let nonFiniteTimes = 0;
  // The TypeScript twin of the decode kernel, and its benchmark baseline: a raw DataView, because the
  // scan has already checked every row's frames against the input, and a checked read per field
  // would make the baseline slower than the code it stands for.
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const bits = new Uint32Array(out.buffer, out.byteOffset, out.length);
  for (let row = 0; row < table.count; row++) {
    const kind = table.get(row, Field.Kind) as TrackKind;
    const frameCount = table.get(row, Field.FrameCount);
    const source = table.get(row, Field.Source);
    const times = table.get(row, Field.Times);
    const rotations = table.get(row, Field.Rotations);
    const translations = table.get(row, Field.Translations);
    const scales = table.get(row, Field.Scales);
    switch (kind) {
      case TrackKind.AnpInt16Rot:
        decodeInt16(view, out, source, frameCount, FRAME_BYTES_ANP_INT16_ROT, times, rotations, -1);
        break;
      case TrackKind.AnpInt16RotTrans:
        decodeInt16(view, out, source, frameCount, FRAME_BYTES_ANP_INT16_ROT_TRANS, times, rotations, translations);
        break;
      case TrackKind.AnpFloatRot:
        nonFiniteTimes += copyFloat(
          view,
          bits,
          source,
          frameCount,
          FRAME_BYTES_ANP_FLOAT_ROT,
          ANP_FLOAT_TIME_AT,
          0,
          0,
          0,
          times,
          rotations,
          -1,
          -1,
        );
        break;
      case TrackKind.AnpFloatRotTrans:
        nonFiniteTimes += copyFloat(
          view,
          bits,
          source,
          frameCount,
          FRAME_BYTES_ANP_FLOAT_ROT_TRANS,
          ANP_FLOAT_TIME_AT,
          ANP_FLOAT_TRANSLATION_AT,
          0,
          0,
          times,
          rotations,
          translations,
          -1,
        );
        break;
      case TrackKind.AnpkKR00:
        nonFiniteTimes += copyFloat(
          view,
          bits,
          source,
          frameCount,
          FRAME_BYTES_ANPK_KR00,
          ANPK_KR00_TIME_AT,
          0,
          0,
          CONJUGATE_SIGN,
          times,
          rotations,
          -1,
          -1,
        );
        break;
      case TrackKind.AnpkKRT0:
        nonFiniteTimes += copyFloat(
          view,
          bits,
          source,
          frameCount,
          FRAME_BYTES_ANPK_KRT0,
          ANPK_KRT0_TIME_AT,
          ANPK_TRANSLATION_AT,
          0,
          CONJUGATE_SIGN,
          times,
          rotations,
          translations,
          -1,
        );
        break;
      case TrackKind.AnpkKRTS:
        nonFiniteTimes += copyFloat(
          view,
          bits,
          source,
          frameCount,
          FRAME_BYTES_ANPK_KRTS,
          ANPK_KRTS_TIME_AT,
          ANPK_TRANSLATION_AT,
          ANPK_SCALE_AT,
          CONJUGATE_SIGN,
          times,
          rotations,
          translations,
          scales,
        );
        break;
    }
  }
  return nonFiniteTimes;
}

function decodeInt16(
  view: DataView,
  out: Float32Array,
  source: number,
  frameCount: number,
  stride: number,
  times: number,
  rotations: number,
  translations: number,
): void {
  for (let i = 0; i < frameCount; i++) {
    const frame = source + i * stride;
    const q = rotations + 4 * i;
    out[q] = view.getInt16(frame, true) / ROTATION_DIVISOR;
    out[q + 1] = view.getInt16(frame + 2, true) / ROTATION_DIVISOR;
    out[q + 2] = view.getInt16(frame + 4, true) / ROTATION_DIVISOR;
    out[q + 3] = view.getInt16(frame + 6, true) / ROTATION_DIVISOR;
    out[times + i] = view.getInt16(frame + 8, true) / TICKS_PER_SECOND;
    if (translations >= 0) {
      const t = translations + 3 * i;
      out[t] = view.getInt16(frame + 10, true) / TRANSLATION_DIVISOR;
      out[t + 1] = view.getInt16(frame + 12, true) / TRANSLATION_DIVISOR;
      out[t + 2] = view.getInt16(frame + 14, true) / TRANSLATION_DIVISOR;
    }
  }
}

function copyFloat(
  view: DataView,
  bits: Uint32Array,
  source: number,
  frameCount: number,
  stride: number,
  timeAt: number,
  translationAt: number,
  scaleAt: number,
  sign: number,
  times: number,
  rotations: number,
  translations: number,
  scales: number,
): number {
  let nonFinite = 0;
  for (let i = 0; i < frameCount; i++) {
    const frame = source + i * stride;
    const q = rotations + 4 * i;
    bits[q] = view.getUint32(frame, true) ^ sign;
    bits[q + 1] = view.getUint32(frame + 4, true) ^ sign;
    bits[q + 2] = view.getUint32(frame + 8, true) ^ sign;
    bits[q + 3] = view.getUint32(frame + 12, true);
    const time = view.getUint32(frame + timeAt, true);
    bits[times + i] = time;
    if ((time & EXPONENT_BITS) === EXPONENT_BITS) nonFinite++;
    if (translations >= 0) copy3(view, bits, frame + translationAt, translations + 3 * i);
    if (scales >= 0) copy3(view, bits, frame + scaleAt, scales + 3 * i);
  }
  return nonFinite;
}

function copy3(view: DataView, bits: Uint32Array, from: number, to: number): void {
  bits[to] = view.getUint32(from, true);
  bits[to + 1] = view.getUint32(from + 4, true);
  bits[to + 2] = view.getUint32(from + 8, true);
}

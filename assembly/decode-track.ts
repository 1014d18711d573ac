// One track's keyframes, dequantised and de-interleaved into structure-of-arrays f32 output: called
// per row by assembly/decode-tracks.ts, and per header by assembly/scan-anp.ts as it walks a file.
// Not an entry file, so nothing here is exported from the wasm module.

// The kind numbers and the frame layouts come from src/core/wasm-layout.ts, which the TypeScript
// shell imports too.
import {
  KIND_ANP_FLOAT_ROT, KIND_ANP_FLOAT_ROT_TRANS, KIND_ANP_INT16_ROT, KIND_ANP_INT16_ROT_TRANS, KIND_ANPK_KR00, KIND_ANPK_KRT0, KIND_ANPK_KRTS,
  FRAME_BYTES_ANP_FLOAT_ROT, FRAME_BYTES_ANP_FLOAT_ROT_TRANS, FRAME_BYTES_ANP_INT16_ROT, FRAME_BYTES_ANP_INT16_ROT_TRANS,
  FRAME_BYTES_ANPK_KR00, FRAME_BYTES_ANPK_KRT0, FRAME_BYTES_ANPK_KRTS,
  ANP_FLOAT_TIME_AT, ANP_FLOAT_TRANSLATION_AT, ANPK_TRANSLATION_AT, ANPK_SCALE_AT, ANPK_KR00_TIME_AT, ANPK_KRT0_TIME_AT, ANPK_KRTS_TIME_AT,
  ROTATION_DIVISOR, TICKS_PER_SECOND, TRANSLATION_DIVISOR,
} from '../src/core/wasm-layout';

// Powers of two: multiplying is exact, so it equals the TS path's division bit for bit.
const ROTATION_SCALE: f32 = 1.0 / <f32>ROTATION_DIVISOR;
// Not a power of two: divide, never multiply by 1/60 (the two differ for most int16 values).
const TICKS_PER_SECOND_F32: f32 = <f32>TICKS_PER_SECOND;
const TRANSLATION_DIVISOR_F32: f32 = <f32>TRANSLATION_DIVISOR;

// ANPK stores the conjugate rotation; flipping the sign bits of x, y, z converts it without touching
// NaN payloads, which keeps this path bit-identical with the TS one.
const CONJUGATE_SIGN: u32 = 0x80000000;
const EXPONENT_BITS: u32 = 0x7f800000;

// One track's frames at `source` into its output arrays (0 = none); returns its non-finite key
// times.
@inline
export function decodeTrack(
  kind: i32, frameCount: i32, source: usize, times: usize, rotations: usize, translations: usize, scales: usize,
): i32 {
  // Checked in the debug build only (scripts/build-wasm.mjs, test/core/wasm-debug.test.ts).
  assert(frameCount >= 0, 'negative frame count');
  assert(times != 0 && rotations != 0, 'a track without times or rotations');
  assert(((times | rotations | translations | scales) & 3) == 0, 'a misaligned output array');
  assert(disjoint(source, <usize>frameCount * 44, times, <usize>frameCount << 2), 'frames overlap their times');
  if (kind == KIND_ANP_INT16_ROT) {
    decodeInt16(source, frameCount, FRAME_BYTES_ANP_INT16_ROT, times, rotations, 0);
  } else if (kind == KIND_ANP_INT16_ROT_TRANS) {
    decodeInt16(source, frameCount, FRAME_BYTES_ANP_INT16_ROT_TRANS, times, rotations, translations);
  } else if (kind == KIND_ANP_FLOAT_ROT) {
    return copyFloat(source, frameCount, FRAME_BYTES_ANP_FLOAT_ROT, ANP_FLOAT_TIME_AT, 0, 0, 0, times, rotations, 0, 0);
  } else if (kind == KIND_ANP_FLOAT_ROT_TRANS) {
    return copyFloat(source, frameCount, FRAME_BYTES_ANP_FLOAT_ROT_TRANS, ANP_FLOAT_TIME_AT, ANP_FLOAT_TRANSLATION_AT, 0, 0, times, rotations, translations, 0);
  } else if (kind == KIND_ANPK_KR00) {
    return copyFloat(source, frameCount, FRAME_BYTES_ANPK_KR00, ANPK_KR00_TIME_AT, 0, 0, CONJUGATE_SIGN, times, rotations, 0, 0);
  } else if (kind == KIND_ANPK_KRT0) {
    return copyFloat(source, frameCount, FRAME_BYTES_ANPK_KRT0, ANPK_KRT0_TIME_AT, ANPK_TRANSLATION_AT, 0, CONJUGATE_SIGN, times, rotations, translations, 0);
  } else if (kind == KIND_ANPK_KRTS) {
    return copyFloat(source, frameCount, FRAME_BYTES_ANPK_KRTS, ANPK_KRTS_TIME_AT, ANPK_TRANSLATION_AT, ANPK_SCALE_AT, CONJUGATE_SIGN, times, rotations, translations, scales);
  } else {
    assert(false, 'unknown track kind');
  }
  return 0;
}

// True when [a, a + aBytes) and [b, b + bBytes) share no byte. Frames are at most 44 bytes, so the
// caller passes the largest stride and the check holds for every kind.
function disjoint(a: usize, aBytes: usize, b: usize, bBytes: usize): bool {
  return a + aBytes <= b || b + bBytes <= a;
}

// int16 frames: qx qy qz qw time [tx ty tz]. `translations` is 0 for 10-byte frames.
@inline
function decodeInt16(
  source: usize, frameCount: i32, stride: usize, times: usize, rotations: usize, translations: usize,
): void {
  if (ASC_FEATURE_SIMD) {
    // One 16-byte load covers a whole frame; for 10-byte frames it reads 6 bytes past the frame,
    // which the shell guarantees are inside memory (it pads the input copy).
    const rotationScale = f32x4.splat(ROTATION_SCALE);
    const tailDivisor = f32x4(TICKS_PER_SECOND_F32, TRANSLATION_DIVISOR_F32, TRANSLATION_DIVISOR_F32, TRANSLATION_DIVISOR_F32);
    for (let i = 0; i < frameCount; i++) {
      const frame = v128.load(source + <usize>i * stride);
      const q = f32x4.mul(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(frame)), rotationScale);
      v128.store(rotations + (<usize>i << 4), q);
      const tail = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(frame)), tailDivisor);
      f32.store(times + (<usize>i << 2), f32x4.extract_lane(tail, 0));
      if (translations) {
        const out = translations + <usize>i * 12;
        f32.store(out, f32x4.extract_lane(tail, 1));
        f32.store(out, f32x4.extract_lane(tail, 2), 4);
        f32.store(out, f32x4.extract_lane(tail, 3), 8);
      }
    }
  } else {
    for (let i = 0; i < frameCount; i++) {
      const frame = source + <usize>i * stride;
      const q = rotations + (<usize>i << 4);
      f32.store(q, <f32>load<i16>(frame) * ROTATION_SCALE);
      f32.store(q, <f32>load<i16>(frame, 2) * ROTATION_SCALE, 4);
      f32.store(q, <f32>load<i16>(frame, 4) * ROTATION_SCALE, 8);
      f32.store(q, <f32>load<i16>(frame, 6) * ROTATION_SCALE, 12);
      f32.store(times + (<usize>i << 2), <f32>load<i16>(frame, 8) / TICKS_PER_SECOND_F32);
      if (translations) {
        const out = translations + <usize>i * 12;
        f32.store(out, <f32>load<i16>(frame, 10) / TRANSLATION_DIVISOR_F32);
        f32.store(out, <f32>load<i16>(frame, 12) / TRANSLATION_DIVISOR_F32, 4);
        f32.store(out, <f32>load<i16>(frame, 14) / TRANSLATION_DIVISOR_F32, 8);
      }
    }
  }
}

// Float frames are moved as raw 32-bit patterns: a copy, plus a sign flip for ANPK rotations.
// Returns the number of key times whose exponent bits are all set (infinite or NaN).
@inline
function copyFloat(
  source: usize, frameCount: i32, stride: usize, timeAt: usize, translationAt: usize, scaleAt: usize,
  sign: u32, times: usize, rotations: usize, translations: usize, scales: usize,
): i32 {
  let nonFinite = 0;
  for (let i = 0; i < frameCount; i++) {
    const frame = source + <usize>i * stride;
    const q = rotations + (<usize>i << 4);
    if (ASC_FEATURE_SIMD) {
      v128.store(q, v128.xor(v128.load(frame), i32x4(sign, sign, sign, 0)));
    } else {
      store<u32>(q, load<u32>(frame) ^ sign);
      store<u32>(q, load<u32>(frame, 4) ^ sign, 4);
      store<u32>(q, load<u32>(frame, 8) ^ sign, 8);
      store<u32>(q, load<u32>(frame, 12), 12);
    }
    const time = load<u32>(frame + timeAt);
    store<u32>(times + (<usize>i << 2), time);
    nonFinite += i32((time & EXPONENT_BITS) == EXPONENT_BITS);
    if (translations) copy3(translations + <usize>i * 12, frame + translationAt);
    if (scales) copy3(scales + <usize>i * 12, frame + scaleAt);
  }
  return nonFinite;
}

@inline
function copy3(out: usize, from: usize): void {
  store<u32>(out, load<u32>(from));
  store<u32>(out, load<u32>(from, 4), 4);
  store<u32>(out, load<u32>(from, 8), 8);
}

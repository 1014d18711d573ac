// Samples animation tracks at given times: binary search for the two keys around the time, shortest-
// arc slerp between their rotations (assembly/slerp.ts), lerp between their translations. One call
// samples a whole batch of instances (crowds). Arithmetic is f64 throughout and rounds to f32 once on
// store, with the same operations in the same order as the TypeScript path
// (src/playback/sample-js.ts): the two agree bit for bit.
//
// Records, as src/playback/sampler-wasm.ts writes them (sizes in src/core/wasm-layout.ts):
//   clip      12 bytes: u32 trackCount, f32 duration, u32 tracks address
//   track     16 bytes: u32 keyCount, u32 times, u32 rotations, u32 translations (0 = none)
//   instance  24 bytes: u32 clip address, u32 flags (1 = loop), f64 time, u32 first output bone, pad

import { SAMPLED_TRACK_BYTES as TRACK_BYTES, INSTANCE_BYTES, INSTANCE_LOOP as LOOP } from '../src/core/wasm-layout';
import { slerp } from './slerp';

export function sampleInstances(instances: usize, count: i32, outRotations: usize, outTranslations: usize): void {
  for (let i = 0; i < count; i++) {
    const record = instances + <usize>i * INSTANCE_BYTES;
    const clip = <usize>load<u32>(record);
    const flags = load<u32>(record, 4);
    let time = load<f64>(record, 8);
    const firstBone = <usize>load<u32>(record, 16);
    const trackCount = <usize>load<u32>(clip);
    const duration = <f64>load<f32>(clip, 4);
    const tracks = <usize>load<u32>(clip, 8);
    assert(clip != 0 && tracks != 0, 'an instance without a clip');
    if (time != time) time = 0; // NaN: the start
    // An infinite duration (a key at +Infinity) has no period: nothing to wrap.
    if ((flags & LOOP) != 0 && duration > 0 && duration < Infinity) time -= Math.floor(time / duration) * duration;
    for (let k: usize = 0; k < trackCount; k++) {
      const bone = firstBone + k;
      sampleTrack(tracks + k * TRACK_BYTES, time, outRotations + (bone << 4), outTranslations + bone * 12);
    }
  }
}

@inline function sampleTrack(track: usize, time: f64, outQ: usize, outT: usize): void {
  const keys = load<u32>(track);
  const times = <usize>load<u32>(track, 4);
  const rotations = <usize>load<u32>(track, 8);
  const translations = <usize>load<u32>(track, 12);
  if (keys == 0) {
    store<f32>(outQ, 0);
    store<f32>(outQ, 0, 4);
    store<f32>(outQ, 0, 8);
    store<f32>(outQ, 1, 12);
    store<f32>(outT, 0);
    store<f32>(outT, 0, 4);
    store<f32>(outT, 0, 8);
    return;
  }
  // Find keys a, b with times[a] <= time < times[b]; outside the range both are the end key.
  let a: u32 = 0;
  let b: u32 = 0;
  let u: f64 = 0;
  const last = keys - 1;
  if (time >= <f64>load<f32>(times + (<usize>last << 2))) {
    a = last;
    b = last;
  } else if (time > <f64>load<f32>(times)) {
    // times[low] < time <= times[high]; at a time several keys share, the first of them plays (the
    // games' FindKeyFrame), as in src/playback/sample-js.ts.
    let low: u32 = 0;
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (<f64>load<f32>(times + (<usize>middle << 2)) < time) low = middle;
      else high = middle;
    }
    const t1 = <f64>load<f32>(times + (<usize>high << 2));
    if (t1 == time) {
      a = high;
      b = high + 1;
    } else {
      a = low;
      b = high;
      const t0 = <f64>load<f32>(times + (<usize>a << 2));
      u = (time - t0) / (t1 - t0);
      // A segment with a non-finite end (a key at -Infinity) holds its earlier key.
      if (u != u) u = 0;
    }
  }
  assert(a <= b && b < keys, 'key search out of range');
  assert(u >= 0 && u <= 1, 'interpolation factor outside [0, 1]');
  slerp(rotations + (<usize>a << 4), rotations + (<usize>b << 4), u, outQ);
  if (translations) {
    lerp3(translations + <usize>a * 12, translations + <usize>b * 12, u, outT);
  } else {
    store<f32>(outT, 0);
    store<f32>(outT, 0, 4);
    store<f32>(outT, 0, 8);
  }
}

@inline function lerp3(p: usize, q: usize, u: f64, out: usize): void {
  if (ASC_FEATURE_SIMD) {
    const from = f64x2.promote_low_f32x4(v128.load64_zero(p));
    const to = f64x2.promote_low_f32x4(v128.load64_zero(q));
    v128.store64_lane(out, f32x4.demote_f64x2_zero(f64x2.add(from, f64x2.mul(f64x2.sub(to, from), f64x2.splat(u)))), 0);
  } else {
    const x = <f64>load<f32>(p), y = <f64>load<f32>(p, 4);
    store<f32>(out, <f32>(x + (<f64>load<f32>(q) - x) * u));
    store<f32>(out, <f32>(y + (<f64>load<f32>(q, 4) - y) * u), 4);
  }
  const z = <f64>load<f32>(p, 8);
  store<f32>(out, <f32>(z + (<f64>load<f32>(q, 8) - z) * u), 8);
}

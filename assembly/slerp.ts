// Shortest-arc slerp between rotation keys, for assembly/sample-pose.ts. The weights
// sin(t·θ)/sin(θ) are summed as a series in cos θ - 1 (see src/core/wasm-layout.ts), not through acos
// and sin: their wasm and JavaScript implementations may differ in the last bit, and the TypeScript
// twin (src/playback/sample-js.ts) must agree with this file bit for bit.

import {
  NEARLY_PARALLEL, SLERP_SERIES_SHORT_RANGE, SLERP_SERIES_SHORT_TERMS, SLERP_SERIES_TERMS, SLERP_SERIES_TOLERANCE,
} from '../src/core/wasm-layout';

// 1 / (i (2i + 1)), the series' divisors, filled once when the module starts.
const SERIES_DIVISORS = memory.data(SLERP_SERIES_TERMS << 3, 8);
for (let i = 1; i < SLERP_SERIES_TERMS; i++) store<f64>(SERIES_DIVISORS + (<usize>i << 3), 1.0 / <f64>(i * (2 * i + 1)));

// Shortest-arc slerp; nlerp for close keys; identical keys copied as they are (keys need not be unit
// length). The same formula as three.js's Quaternion.slerpFlat, so clips match THREE.AnimationMixer.
// The SIMD build holds a quaternion as two f64x2 halves (x, y) and (z, w), so sums over its components
// run in that pairing: (x·x' + z·z') + (y·y' + w·w'). The scalar build and TypeScript sum the same way.
@inline export function slerp(p: usize, q: usize, u: f64, out: usize): void {
  if (ASC_FEATURE_SIMD) {
    const pv = v128.load(p);
    const qv = v128.load(q);
    if (i32x4.all_true(f32x4.eq(pv, qv))) {
      v128.store(out, pv);
      return;
    }
    const pxy = f64x2.promote_low_f32x4(pv);
    const pzw = f64x2.promote_low_f32x4(v128.shuffle<i64>(pv, pv, 1, 0));
    let qxy = f64x2.promote_low_f32x4(qv);
    let qzw = f64x2.promote_low_f32x4(v128.shuffle<i64>(qv, qv, 1, 0));
    const dot = f64x2.add(f64x2.mul(pxy, qxy), f64x2.mul(pzw, qzw));
    let cos = f64x2.extract_lane(dot, 0) + f64x2.extract_lane(dot, 1);
    if (cos < 0) {
      // q and -q are the same rotation: take the shorter way round.
      cos = -cos;
      qxy = f64x2.neg(qxy);
      qzw = f64x2.neg(qzw);
    }
    let weights = f64x2(1 - u, u);
    if (cos < NEARLY_PARALLEL) weights = slerpWeights(weights, cos - 1);
    const s0 = v128.shuffle<f64>(weights, weights, 0, 0);
    const s1 = v128.shuffle<f64>(weights, weights, 1, 1);
    let rxy = f64x2.add(f64x2.mul(pxy, s0), f64x2.mul(qxy, s1));
    let rzw = f64x2.add(f64x2.mul(pzw, s0), f64x2.mul(qzw, s1));
    if (cos >= NEARLY_PARALLEL) {
      const squares = f64x2.add(f64x2.mul(rxy, rxy), f64x2.mul(rzw, rzw));
      const scale = f64x2.splat(1 / Math.sqrt(f64x2.extract_lane(squares, 0) + f64x2.extract_lane(squares, 1)));
      rxy = f64x2.mul(rxy, scale);
      rzw = f64x2.mul(rzw, scale);
    }
    v128.store(out, v128.shuffle<i64>(f32x4.demote_f64x2_zero(rxy), f32x4.demote_f64x2_zero(rzw), 0, 2));
  } else {
    let x = <f64>load<f32>(p), y = <f64>load<f32>(p, 4), z = <f64>load<f32>(p, 8), w = <f64>load<f32>(p, 12);
    let qx = <f64>load<f32>(q), qy = <f64>load<f32>(q, 4), qz = <f64>load<f32>(q, 8), qw = <f64>load<f32>(q, 12);
    if (x != qx || y != qy || z != qz || w != qw) {
      let cos = (x * qx + z * qz) + (y * qy + w * qw);
      if (cos < 0) {
        cos = -cos;
        qx = -qx;
        qy = -qy;
        qz = -qz;
        qw = -qw;
      }
      let s0 = 1 - u;
      let s1 = u;
      if (cos < NEARLY_PARALLEL) {
        s0 = slerpWeight(s0, cos - 1);
        s1 = slerpWeight(s1, cos - 1);
      }
      x = x * s0 + qx * s1;
      y = y * s0 + qy * s1;
      z = z * s0 + qz * s1;
      w = w * s0 + qw * s1;
      if (cos >= NEARLY_PARALLEL) {
        const scale = 1 / Math.sqrt((x * x + z * z) + (y * y + w * w));
        x *= scale;
        y *= scale;
        z *= scale;
        w *= scale;
      }
    }
    store<f32>(out, <f32>x);
    store<f32>(out, <f32>y, 4);
    store<f32>(out, <f32>z, 8);
    store<f32>(out, <f32>w, 12);
  }
}

/**
 * slerpWeight for both weights at once, one per lane: each lane adds exactly the terms slerpWeight
 * would, so the two builds agree bit for bit.
 */
function slerpWeights(t: v128, d: f64): v128 {
  const tt = f64x2.mul(t, t);
  let term = t;
  let sum = t;
  if (d >= -SLERP_SERIES_SHORT_RANGE) {
    for (let i = 1; i <= SLERP_SERIES_SHORT_TERMS; i++) {
      const factor = f64x2.splat(load<f64>(SERIES_DIVISORS + (<usize>i << 3)) * d);
      term = f64x2.mul(term, f64x2.mul(f64x2.sub(tt, f64x2.splat(<f64>(i * i))), factor));
      sum = f64x2.add(sum, term);
    }
    return sum;
  }
  const tolerance = f64x2.splat(SLERP_SERIES_TOLERANCE);
  let adding = f64x2.eq(t, t); // all lanes
  for (let i = 1; i < SLERP_SERIES_TERMS; i++) {
    const factor = f64x2.splat(load<f64>(SERIES_DIVISORS + (<usize>i << 3)) * d);
    term = f64x2.mul(term, f64x2.mul(f64x2.sub(tt, f64x2.splat(<f64>(i * i))), factor));
    const next = f64x2.add(sum, term);
    sum = v128.bitselect(next, sum, adding);
    adding = v128.and(adding, f64x2.gt(term, f64x2.mul(next, tolerance)));
    if (!v128.any_true(adding)) break;
  }
  return sum;
}

/**
 * sin(t·θ) / sin(θ) for cos θ = 1 + d, d in [-1, 0): the series t + Σ c_i d^i with
 * c_i = c_(i-1) (t² - i²) / (i (2i + 1)). Every term is positive for t in [0, 1].
 */
function slerpWeight(t: f64, d: f64): f64 {
  const tt = t * t;
  let term = t;
  let sum = t;
  if (d >= -SLERP_SERIES_SHORT_RANGE) {
    for (let i = 1; i <= SLERP_SERIES_SHORT_TERMS; i++) {
      term *= (tt - <f64>(i * i)) * (load<f64>(SERIES_DIVISORS + (<usize>i << 3)) * d);
      sum += term;
    }
    return sum;
  }
  for (let i = 1; i < SLERP_SERIES_TERMS; i++) {
    term *= (tt - <f64>(i * i)) * (load<f64>(SERIES_DIVISORS + (<usize>i << 3)) * d);
    sum += term;
    if (term <= sum * SLERP_SERIES_TOLERANCE) break;
  }
  return sum;
}

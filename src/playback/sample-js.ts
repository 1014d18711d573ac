import {
  NEARLY_PARALLEL,
  SLERP_SERIES_SHORT_RANGE,
  SLERP_SERIES_SHORT_TERMS,
  SLERP_SERIES_TERMS,
  SLERP_SERIES_TOLERANCE,
} from '../core/wasm-layout.js';
import type { SampledTrack } from './clip.js';

/**
 * The TypeScript sampler, the reference for assembly/sample-pose.ts: same search, same slerp, f64
 * arithmetic rounded to f32 on store. It alone plays what the wasm kernel does not: squad with stored
 * tangents (`squad`, for tracks that carry them) and translations with key times of their own.
 */
export function sampleTracksJs(
  tracks: readonly SampledTrack[],
  duration: number,
  time: number,
  loop: boolean,
  rotations: Float32Array,
  translations: Float32Array,
  firstBone: number,
  squad = true,
): void {
  if (Number.isNaN(time)) time = 0;
  // An infinite duration (a key at +Infinity) has no period: nothing to wrap.
  if (loop && duration > 0 && duration < Infinity) time -= Math.floor(time / duration) * duration;
  for (let k = 0; k < tracks.length; k++) sampleTrack(tracks[k]!, time, rotations, translations, firstBone + k, squad);
}

/** The keys around a time: `segment.a`, `segment.b` and the fraction `segment.u` (one object, reused). */
const segment = { a: 0, b: 0, u: 0 };

function findSegment(times: Float32Array, time: number): void {
  const last = times.length - 1;
  segment.a = segment.b = 0;
  segment.u = 0;
  if (time >= times[last]!) {
    segment.a = segment.b = last;
  } else if (time > times[0]!) {
    // times[low] < time <= times[high]: at a time that several keys share, the first of them plays,
    // and after it the last, as the games' FindKeyFrame seeks (re3 CAnimBlendNode).
    let low = 0;
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (times[middle]! < time) low = middle;
      else high = middle;
    }
    if (times[high] === time) {
      segment.a = high;
      segment.b = high + 1;
      return;
    }
    segment.a = low;
    segment.b = high;
    const u = (time - times[low]!) / (times[high]! - times[low]!);
    // A segment with a non-finite end (a key at -Infinity) holds its earlier key.
    segment.u = u === u ? u : 0;
  }
}

const squadScratch = new Float32Array(8);

function sampleTrack(track: SampledTrack, time: number, outQ: Float32Array, outT: Float32Array, bone: number, squad: boolean): void {
  const { times, rotations: q, translations: t } = track;
  const at = 4 * bone;
  const out = 3 * bone;
  if (times.length === 0) {
    outQ.set([0, 0, 0, 1], at);
  } else {
    findSegment(times, time);
    const { a, b, u } = segment;
    const inT = track.inTangents;
    const outTangents = track.outTangents;
    if (squad && inT && outTangents && a !== b) {
      // squad(q_a, q_b, out_a, in_b; u) = slerp(slerp(q_a, q_b, u), slerp(out_a, in_b, u), 2u(1 - u))
      slerpInto(q, 4 * a, q, 4 * b, u, squadScratch, 0);
      slerpInto(outTangents, 4 * a, inT, 4 * b, u, squadScratch, 4);
      slerpInto(squadScratch, 0, squadScratch, 4, 2 * u * (1 - u), outQ, at);
    } else {
      slerpInto(q, 4 * a, q, 4 * b, u, outQ, at);
    }
  }
  const tTimes = track.translationTimes ?? times;
  if (t && tTimes.length > 0) {
    if (tTimes !== times) findSegment(tTimes, time);
    const { a, b, u } = segment;
    for (let c = 0; c < 3; c++) outT[out + c] = t[3 * a + c]! + (t[3 * b + c]! - t[3 * a + c]!) * u;
  } else {
    outT[out] = outT[out + 1] = outT[out + 2] = 0;
  }
}

/** 1 / (i (2i + 1)), the divisors of the slerp weight series. */
const SERIES_DIVISORS = Float64Array.from({ length: SLERP_SERIES_TERMS }, (_, i) => (i === 0 ? 0 : 1 / (i * (2 * i + 1))));

/**
 * sin(t·θ) / sin(θ) for cos θ = 1 + d, d in [-1, 0), as the kernel computes it (assembly/sample-pose.ts):
 * t + Σ c_i d^i with c_i = c_(i-1) (t² - i²) / (i (2i + 1)), all terms positive for t in [0, 1]. Not
 * Math.acos and Math.sin, whose last bit differs between JavaScript engines and the wasm math library.
 */
export function slerpWeight(t: number, d: number): number {
  const tt = t * t;
  let term = t;
  let sum = t;
  if (d >= -SLERP_SERIES_SHORT_RANGE) {
    for (let i = 1; i <= SLERP_SERIES_SHORT_TERMS; i++) {
      term *= (tt - i * i) * (SERIES_DIVISORS[i]! * d);
      sum += term;
    }
    return sum;
  }
  for (let i = 1; i < SLERP_SERIES_TERMS; i++) {
    term *= (tt - i * i) * (SERIES_DIVISORS[i]! * d);
    sum += term;
    if (term <= sum * SLERP_SERIES_TOLERANCE) break;
  }
  return sum;
}

/**
 * Shortest-arc slerp of the quaternions at p[pAt..] and q[qAt..] into out[outAt..]; nlerp for close
 * keys; identical keys copied as they are (keys need not be unit length). The same formula as
 * three.js's Quaternion.slerpFlat, so clips match THREE.AnimationMixer.
 */
export function slerpInto(
  p: ArrayLike<number>,
  pAt: number,
  q: ArrayLike<number>,
  qAt: number,
  u: number,
  out: Float32Array,
  outAt: number,
): void {
  let x = p[pAt]!,
    y = p[pAt + 1]!,
    z = p[pAt + 2]!,
    w = p[pAt + 3]!;
  let qx = q[qAt]!,
    qy = q[qAt + 1]!,
    qz = q[qAt + 2]!,
    qw = q[qAt + 3]!;
  if (x !== qx || y !== qy || z !== qz || w !== qw) {
    let cos = x * qx + z * qz + (y * qy + w * qw);
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
      const scale = 1 / Math.sqrt(x * x + z * z + (y * y + w * w));
      x *= scale;
      y *= scale;
      z *= scale;
      w *= scale;
    }
  }
  out[outAt] = x;
  out[outAt + 1] = y;
  out[outAt + 2] = z;
  out[outAt + 3] = w;
}

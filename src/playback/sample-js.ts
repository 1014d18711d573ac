import type { SampledTrack } from './clip.js';

/**
 * The TypeScript sampler, the reference for assembly/sample-pose.ts: same search, same slerp, f64
 * arithmetic rounded to f32 on store.
 */
export function sampleTracksJs(
  tracks: readonly SampledTrack[], duration: number, time: number, loop: boolean,
  rotations: Float32Array, translations: Float32Array, firstBone: number,
): void {
  if (Number.isNaN(time)) time = 0;
  // An infinite duration (a key at +Infinity) has no period: nothing to wrap.
  if (loop && duration > 0 && duration < Infinity) time -= Math.floor(time / duration) * duration;
  for (let k = 0; k < tracks.length; k++) sampleTrack(tracks[k]!, time, rotations, translations, firstBone + k);
}

function sampleTrack(track: SampledTrack, time: number, outQ: Float32Array, outT: Float32Array, bone: number): void {
  const { times, rotations: q, translations: t } = track;
  const keys = times.length;
  const at = 4 * bone;
  if (keys === 0) {
    outQ.set([0, 0, 0, 1], at);
    outT.fill(0, 3 * bone, 3 * bone + 3);
    return;
  }
  let a = 0;
  let b = 0;
  let u = 0;
  const last = keys - 1;
  if (time >= times[last]!) {
    a = b = last;
  } else if (time > times[0]!) {
    let low = 0;
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (times[middle]! <= time) low = middle;
      else high = middle;
    }
    a = low;
    b = high;
    u = (time - times[a]!) / (times[b]! - times[a]!);
    // A segment with a non-finite end (a key at -Infinity) holds its earlier key.
    if (u !== u) u = 0;
  }
  slerpInto(q, 4 * a, q, 4 * b, u, outQ, at);
  const out = 3 * bone;
  if (t) {
    for (let c = 0; c < 3; c++) outT[out + c] = t[3 * a + c]! + (t[3 * b + c]! - t[3 * a + c]!) * u;
  } else {
    outT[out] = outT[out + 1] = outT[out + 2] = 0;
  }
}

// Above this cosine the keys are close: lerp and normalise (nlerp) instead of dividing by sin ~ 0.
const NEARLY_PARALLEL = 0.9995;

/**
 * Shortest-arc slerp of the quaternions at p[pAt..] and q[qAt..] into out[outAt..]; nlerp for close
 * keys; identical keys copied as they are (keys need not be unit length). The same formula as
 * three.js's Quaternion.slerpFlat, so clips match THREE.AnimationMixer.
 */
export function slerpInto(p: ArrayLike<number>, pAt: number, q: ArrayLike<number>, qAt: number, u: number, out: Float32Array, outAt: number): void {
  let x = p[pAt]!, y = p[pAt + 1]!, z = p[pAt + 2]!, w = p[pAt + 3]!;
  let qx = q[qAt]!, qy = q[qAt + 1]!, qz = q[qAt + 2]!, qw = q[qAt + 3]!;
  if (x !== qx || y !== qy || z !== qz || w !== qw) {
    let cos = x * qx + y * qy + z * qz + w * qw;
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
      const angle = Math.acos(cos);
      const sin = Math.sin(angle);
      s0 = Math.sin(s0 * angle) / sin;
      s1 = Math.sin(s1 * angle) / sin;
    }
    x = x * s0 + qx * s1;
    y = y * s0 + qy * s1;
    z = z * s0 + qz * s1;
    w = w * s0 + qw * s1;
    if (cos >= NEARLY_PARALLEL) {
      const scale = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
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

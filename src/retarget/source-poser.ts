// The quality report's own evaluator of a source rig (quality.ts): its joint positions at a time from
// its keys, with interpolation and matrices of its own, so that the measurement shares nothing with
// the RigSampler the solve reads the source with.
import type { SourceChannel, SourceClip, SourceRig } from './rig.js';

/** The source's joint positions at a time, from its keys: row-major 3x3 matrices and its own interpolation, into arrays made once. */
export class SourcePoser {
  readonly #tracks: Array<Partial<Record<SourceChannel['path'], SourceChannel>>>;
  readonly #linear: Float64Array;
  readonly #origin: Float64Array;
  readonly #value = new Float64Array(4);
  constructor(
    readonly rig: SourceRig,
    clip: SourceClip,
  ) {
    this.#tracks = rig.names.map(() => ({}));
    for (const ch of clip.channels) if (ch.times.length) this.#tracks[ch.joint]![ch.path] = ch;
    this.#linear = new Float64Array(9 * rig.names.length);
    this.#origin = new Float64Array(3 * rig.names.length);
  }

  /** x y z per joint (a view of an array reused by the next call). */
  positions(time: number): Float64Array {
    const { rig } = this;
    const linear = this.#linear;
    const origin = this.#origin;
    const v = this.#value;
    const local = new Float64Array(9);
    const t = new Float64Array(3);
    const s = new Float64Array(3);
    for (let j = 0; j < rig.names.length; j++) {
      const own = this.#tracks[j]!;
      if (own.translation) keyed(own.translation, time, t);
      else t.set(rig.restTranslations.subarray(3 * j, 3 * j + 3));
      if (own.scale) keyed(own.scale, time, s);
      else s.set(rig.restScales.subarray(3 * j, 3 * j + 3));
      if (own.rotation) keyed(own.rotation, time, v);
      else v.set(rig.restRotations.subarray(4 * j, 4 * j + 4));
      const n = Math.hypot(v[0]!, v[1]!, v[2]!, v[3]!) || 1;
      const [x, y, z, w] = [v[0]! / n, v[1]! / n, v[2]! / n, v[3]! / n];
      local[0] = (1 - 2 * (y * y + z * z)) * s[0]!;
      local[1] = 2 * (x * y - z * w) * s[1]!;
      local[2] = 2 * (x * z + y * w) * s[2]!;
      local[3] = 2 * (x * y + z * w) * s[0]!;
      local[4] = (1 - 2 * (x * x + z * z)) * s[1]!;
      local[5] = 2 * (y * z - x * w) * s[2]!;
      local[6] = 2 * (x * z - y * w) * s[0]!;
      local[7] = 2 * (y * z + x * w) * s[1]!;
      local[8] = (1 - 2 * (x * x + y * y)) * s[2]!;
      const p = rig.parents[j]!;
      if (p < 0) {
        linear.set(local, 9 * j);
        origin.set(t, 3 * j);
        continue;
      }
      for (let row = 0; row < 3; row++) {
        const [a, b, c] = [linear[9 * p + 3 * row]!, linear[9 * p + 3 * row + 1]!, linear[9 * p + 3 * row + 2]!];
        for (let col = 0; col < 3; col++) linear[9 * j + 3 * row + col] = a * local[col]! + b * local[3 + col]! + c * local[6 + col]!;
        origin[3 * j + row] = origin[3 * p + row]! + a * t[0]! + b * t[1]! + c * t[2]!;
      }
    }
    return origin;
  }
}

/** A channel's value at a time into `out`: held past its ends, stepped, or interpolated (slerp for rotations). */
function keyed(ch: SourceChannel, time: number, out: Float64Array): void {
  const { times, values } = ch;
  const width = ch.path === 'rotation' ? 4 : 3;
  let lo = 0;
  let hi = times.length - 1;
  if (time <= times[0]!) hi = 0;
  else if (time >= times[hi]!) lo = hi;
  else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= time) lo = mid;
      else hi = mid;
    }
  }
  const u = hi === lo || ch.step ? 0 : Math.max(0, Math.min(1, (time - times[lo]!) / (times[hi]! - times[lo]!)));
  const [a, b] = [width * lo, width * hi];
  if (width === 3) {
    for (let i = 0; i < 3; i++) out[i] = values[a + i]! + (values[b + i]! - values[a + i]!) * u;
    return;
  }
  let d = 0;
  for (let i = 0; i < 4; i++) d += values[a + i]! * values[b + i]!;
  const sign = d < 0 ? -1 : 1;
  const theta = Math.acos(Math.min(1, Math.abs(d)));
  const [wa, wb] =
    theta < 1e-6 ? [1 - u, u * sign] : [Math.sin((1 - u) * theta) / Math.sin(theta), (Math.sin(u * theta) / Math.sin(theta)) * sign];
  for (let i = 0; i < 4; i++) out[i] = wa * values[a + i]! + wb * values[b + i]!;
}

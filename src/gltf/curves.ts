// A glTF sampler as the import reads it: its keys copied once, looked up by binary search, and every
// sample it produces charged to the file's work budget first.
import type { AnimationChannel, AnimationSampler } from '@gltf-transform/core';
import type { WorkBudget } from '../core/work-budget.js';
import { slerpInto } from '../playback/sample-js.js';

export interface Curve {
  times: Float32Array;
  values: Float32Array;
  width: 3 | 4;
  interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE';
}

/**
 * The channel's curve, or null without keys. Samplers are copied once per file (`copies`): many
 * channels may share one sampler, and a copy per channel would be work the file's bytes do not hold.
 */
export function curveOf(
  channel: AnimationChannel,
  width: 3 | 4,
  copies: Map<AnimationSampler, Curve | null>,
  budget: WorkBudget,
): Curve | null {
  const sampler = channel.getSampler();
  if (!sampler) return null;
  const known = copies.get(sampler);
  if (known !== undefined) return known && known.width === width ? known : known && { ...known, width };
  const input = sampler.getInput()?.getArray();
  const output = sampler.getOutput()?.getArray();
  let curve: Curve | null = null;
  if (input && output && input.length > 0) {
    budget.charge(input.length + output.length, "copying a sampler's keys");
    curve = {
      times: Float32Array.from(input),
      values: Float32Array.from(output),
      width,
      interpolation: sampler.getInterpolation() as Curve['interpolation'],
    };
  }
  copies.set(sampler, curve);
  return curve;
}

/**
 * The key times of a bone's curves together: LINEAR keys as they are, other curves at `rate` Hz over
 * their span (none when their keys run backwards). Every time is charged to the budget before it is
 * made, so a curve that would overdraw it is refused, naming `what`.
 */
export function unionTimes(curves: Array<Curve | undefined>, rate: number, budget: WorkBudget, what: string): Float32Array {
  const times = new Set<number>();
  for (const curve of curves) {
    if (!curve) continue;
    if (curve.interpolation === 'LINEAR') {
      budget.charge(curve.times.length, `${what}: its keys`);
      curve.times.forEach((t) => times.add(t));
      continue;
    }
    const start = curve.times[0]!;
    const end = curve.times[curve.times.length - 1]!;
    // glTF's times increase; a span that does not (backwards, NaN) is resampled as its keys alone.
    const span = end > start ? end - start : 0;
    const frames = Math.ceil(span * rate);
    budget.charge(frames + 1, `${what}: resampling a ${span} s sampler at ${rate} Hz`);
    for (let k = 0; k < frames; k++) {
      const t = start + k / rate;
      if (!(t < end)) break;
      times.add(Math.fround(t));
    }
    times.add(end);
  }
  return Float32Array.from([...times].sort((a, b) => a - b));
}

/** Every 1/60 s from the first 60 Hz frame at or before `start` to the first at or after `end`, charged first. */
export function gridTimes(start: number, end: number, budget: WorkBudget, what: string): Float32Array {
  const first = Math.floor(start * 60 + 0.01);
  const last = Math.ceil(end * 60 - 0.01);
  const frames = last - first + 1;
  budget.charge(frames, `${what}: putting keys on the 60 Hz grid`);
  return Float32Array.from({ length: frames }, (_, k) => Math.fround((first + k) / 60));
}

/** The last key at or before `time` (0 when none is): a binary search, whatever order the queries come in. */
function keyBefore(keys: Float32Array, time: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (keys[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The curve at each time, one sample per time charged first: slerp or lerp between LINEAR keys, the
 * earlier key for STEP, Hermite for CUBICSPLINE.
 */
export function evaluate(curve: Curve, times: Float32Array, budget: WorkBudget): Float32Array {
  budget.charge(times.length, 'sampling a curve');
  const { width, values } = curve;
  const out = new Float32Array(width * times.length);
  const cubic = curve.interpolation === 'CUBICSPLINE';
  const stride = cubic ? 3 * width : width; // CUBICSPLINE stores in-tangent, value, out-tangent per key
  const valueAt = (k: number) => (cubic ? k * stride + width : k * stride);
  const last = curve.times.length - 1;
  times.forEach((time, i) => {
    const a = keyBefore(curve.times, time);
    const b = Math.min(a + 1, last);
    const t0 = curve.times[a]!;
    const t1 = curve.times[b]!;
    const u = b === a || time <= t0 ? 0 : Math.min(1, (time - t0) / (t1 - t0));
    if (curve.interpolation === 'STEP' || u === 0) {
      out.set(values.subarray(valueAt(a), valueAt(a) + width), width * i);
    } else if (cubic) {
      const dt = t1 - t0;
      const u2 = u * u;
      const u3 = u2 * u;
      const [h00, h10, h01, h11] = [2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u, -2 * u3 + 3 * u2, u3 - u2];
      for (let c = 0; c < width; c++) {
        const p0 = values[valueAt(a) + c]!;
        const m0 = values[a * stride + 2 * width + c]! * dt; // out-tangent of a
        const p1 = values[valueAt(b) + c]!;
        const m1 = values[b * stride + c]! * dt; // in-tangent of b
        out[width * i + c] = h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1;
      }
      if (width === 4) normalise(out, 4 * i);
    } else if (width === 4) {
      slerpInto(values, valueAt(a), values, valueAt(b), u, out, 4 * i);
    } else {
      for (let c = 0; c < 3; c++) out[3 * i + c] = values[valueAt(a) + c]! + (values[valueAt(b) + c]! - values[valueAt(a) + c]!) * u;
    }
  });
  return out;
}

function normalise(q: Float32Array, at: number): void {
  const length = Math.hypot(q[at]!, q[at + 1]!, q[at + 2]!, q[at + 3]!) || 1;
  for (let c = 0; c < 4; c++) q[at + c] = q[at + c]! / length;
}

// The data policies glTF forces on game keys, in one place: each one changes data only as the glTF
// specification requires, and reports what it did.

/** What the export or import changed, and how much. */
export interface GltfWarning {
  code: 'nudged-times' | 'dropped-times' | 'shifted-times' | 'normalised-rotations' | 'resampled' | 'unmatched-tracks' | 'unmatched-channels' | 'converted-axes' | 'skipped-clips' | 'normalised-normals';
  message: string;
}

export type RepeatPolicy = 'nudge' | 'drop';

/** The smallest step that keeps f32 times strictly increasing: 0.1 ms, far below a 1/60 s frame. */
const NUDGE = 1e-4;

/**
 * Key times as glTF wants them: non-negative and strictly increasing. A time that repeats or goes
 * back is nudged just past the previous one, or its key dropped. Returns the kept key indices and
 * their times; the caller counts what changed in `tally`.
 */
export function fixTimes(times: Float32Array, shift: number, policy: RepeatPolicy, tally: { nudged: number; dropped: number }): { keep: Int32Array; times: Float32Array } {
  const keep: number[] = [];
  const out: number[] = [];
  for (let k = 0; k < times.length; k++) {
    let t = Math.fround(times[k]! + shift);
    const previous = out.length ? out[out.length - 1]! : -Infinity;
    if (!(t > previous)) {
      if (policy === 'drop') {
        tally.dropped++;
        continue;
      }
      t = Math.fround(previous + NUDGE);
      tally.nudged++;
    }
    keep.push(k);
    out.push(t);
  }
  return { keep: Int32Array.from(keep), times: Float32Array.from(out) };
}

/** The quaternions of the kept keys, at unit length; counts the ones that were not. */
export function unitKeys(rotations: Float32Array, keep: Int32Array, tally: { normalised: number }): Float32Array {
  const out = new Float32Array(4 * keep.length);
  keep.forEach((k, i) => {
    const x = rotations[4 * k]!, y = rotations[4 * k + 1]!, z = rotations[4 * k + 2]!, w = rotations[4 * k + 3]!;
    const length = Math.hypot(x, y, z, w);
    if (Math.abs(length - 1) > 1e-6) tally.normalised++;
    if (length > 0 && Number.isFinite(length)) out.set([x / length, y / length, z / length, w / length], 4 * i);
    else out.set([0, 0, 0, 1], 4 * i);
  });
  return out;
}

export function pick(values: Float32Array, keep: Int32Array, width: number): Float32Array {
  const out = new Float32Array(width * keep.length);
  keep.forEach((k, i) => out.set(values.subarray(width * k, width * k + width), width * i));
  return out;
}

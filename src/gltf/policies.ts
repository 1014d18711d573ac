// The data policies glTF forces on game keys, in one place: each one changes data only as the glTF
// specification requires, and reports what it did.
import { nextFloat32 } from '../core/float32.js';

/** What the export or import changed, and how much. */
export interface GltfWarning {
  code:
    | 'nudged-times'
    | 'dropped-times'
    | 'shifted-times'
    | 'normalised-rotations'
    | 'resampled'
    | 'unmatched-tracks'
    | 'unmatched-channels'
    | 'skipped-clips'
    | 'normalised-normals'
    | 'non-finite-keys'
    | 'repaired-vertices'
    | 'repaired-joints'
    | 'float-frames'
    | 'regridded'
    | 'reduced-keys'
    | 'other-skeleton'
    | 'rest-tracks'
    | 'like-original'
    | 'extra-tracks'
    | 'dropped-triangles'
    | 'duration-from-keys'
    | 'missing-textures'
    | 'objects-at-rest';
  message: string;
}

/** What export does with key times that repeat or go back: `nudge` each 0.1 ms past the previous key, or `drop` it. */
export type RepeatPolicy = 'nudge' | 'drop';

/**
 * The asset generator gameanim's exports carry. Import trusts it to mean the keys are each clip's own
 * (never an exporter's sampling or bake); any tool that rewrites the file writes its own.
 */
export const GAMEANIM_GENERATOR = 'gameanim';

/** The animation extra recording how much later an export shifted a clip with negative key times, in seconds. */
export const TIME_SHIFT_EXTRA = 'gameanimTimeShift';

/** The smallest step that keeps f32 times strictly increasing: 0.1 ms, far below a 1/60 s frame. */
const NUDGE = 1e-4;

/**
 * Key times as glTF wants them: non-negative and strictly increasing. A time that repeats or goes
 * back is nudged just past the previous one, or its key dropped. Returns the kept key indices and
 * their times; the caller counts what changed in `tally`.
 */
export function fixTimes(
  times: Float32Array,
  shift: number,
  policy: RepeatPolicy,
  tally: { nudged: number; dropped: number; nonFinite: number },
  values: readonly (Float32Array | null)[] = [],
): { keep: Int32Array; times: Float32Array } {
  const keep: number[] = [];
  const out: number[] = [];
  for (let k = 0; k < times.length; k++) {
    let t = Math.fround(times[k]! + shift);
    // A key glTF cannot hold (NaN or infinite time or value) is dropped, never turned into another value.
    if (!Number.isFinite(t) || values.some((v) => v && !finiteRun(v, k, v.length / times.length))) {
      tally.nonFinite++;
      continue;
    }
    const previous = out.length ? out[out.length - 1]! : -Infinity;
    if (!(t > previous)) {
      if (policy === 'drop') {
        tally.dropped++;
        continue;
      }
      // At least one f32 step: past about 1e3 s, 0.1 ms is below the spacing of f32 times.
      t = Math.max(Math.fround(previous + NUDGE), nextFloat32(previous));
      if (!Number.isFinite(t)) {
        tally.nonFinite++;
        continue;
      }
      tally.nudged++;
    }
    keep.push(k);
    out.push(t);
  }
  return { keep: Int32Array.from(keep), times: Float32Array.from(out) };
}

function finiteRun(values: Float32Array, key: number, width: number): boolean {
  for (let c = 0; c < width; c++) if (!Number.isFinite(values[key * width + c]!)) return false;
  return true;
}

/** The quaternions of the kept keys, at unit length; counts the ones that were not. */
export function unitKeys(rotations: Float32Array, keep: Int32Array, tally: { normalised: number }): Float32Array {
  const out = new Float32Array(4 * keep.length);
  keep.forEach((k, i) => {
    const x = rotations[4 * k]!,
      y = rotations[4 * k + 1]!,
      z = rotations[4 * k + 2]!,
      w = rotations[4 * k + 3]!;
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

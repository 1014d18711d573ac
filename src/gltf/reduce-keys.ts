// Dropping the keys interpolation gives back: an exporter's 24 fps sampling, put back on the games'
// 60 Hz grid, comes home as few keys as the error bound allows.
import type { WorkBudget } from '../core/work-budget.js';
import type { TrackData } from '../ifp/types.js';
import { slerpInto } from '../playback/sample-js.js';

/** The longest run of keys one segment may replace: it keeps the greedy search linear in the keys. */
const MAX_SEGMENT = 240;

export const dot4 = (a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number) =>
  a[i]! * b[j]! + a[i + 1]! * b[j + 1]! + a[i + 2]! * b[j + 2]! + a[i + 3]! * b[j + 3]!;

/** The angle between two rotations given as quaternions, in radians. */
export function angleBetween(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): number {
  const length = Math.hypot(a[i]!, a[i + 1]!, a[i + 2]!, a[i + 3]!) * Math.hypot(b[j]!, b[j + 1]!, b[j + 2]!, b[j + 3]!);
  return 2 * Math.acos(Math.min(1, Math.abs(dot4(a, i, b, j)) / (length || 1)));
}

/**
 * The fewest keys whose interpolation stays within the bound of every key dropped: greedy, each
 * segment as long as it stays within it (at most 240 keys). Each trial interpolates the keys it
 * would drop, charged to the budget before it runs.
 */
export function reduceKeys(track: TrackData, tolerance: { degrees: number; metres: number }, budget: WorkBudget, what: string): TrackData {
  const { times, rotations, translations } = track;
  const n = times.length;
  if (n <= 2) return track;
  const maxAngle = (tolerance.degrees * Math.PI) / 180;
  const q = new Float32Array(4);
  const fits = (from: number, to: number) => {
    budget.charge(to - from - 1, `${what}: reducing its keys`);
    for (let k = from + 1; k < to; k++) {
      const u = (times[k]! - times[from]!) / (times[to]! - times[from]!);
      slerpInto(rotations, 4 * from, rotations, 4 * to, u, q, 0);
      if (angleBetween(q, 0, rotations, 4 * k) > maxAngle) return false;
      if (translations) {
        let d = 0;
        for (let c = 0; c < 3; c++)
          d +=
            (translations[3 * from + c]! + (translations[3 * to + c]! - translations[3 * from + c]!) * u - translations[3 * k + c]!) ** 2;
        if (Math.sqrt(d) > tolerance.metres) return false;
      }
    }
    return true;
  };
  const keep = [0];
  let from = 0;
  while (from < n - 1) {
    let to = from + 1;
    while (to + 1 < n && to + 1 - from <= MAX_SEGMENT && fits(from, to + 1)) to++;
    keep.push(to);
    from = to;
  }
  const pickKeys = (values: Float32Array, width: number) =>
    Float32Array.from({ length: keep.length * width }, (_, i) => values[width * keep[Math.floor(i / width)]! + (i % width)]!);
  return {
    ...track,
    times: pickKeys(times, 1),
    rotations: pickKeys(rotations, 4),
    translations: translations ? pickKeys(translations, 3) : null,
  };
}

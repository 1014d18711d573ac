// From poses sampled on the game's 60 Hz ticks to the keys worth storing: a key goes when the keys kept
// on either side, interpolated as the game does (slerp, lerp), give it back within the tolerance, and
// every key dropped since the last kept one too.
import { workCount } from '../core/work-count.js';
import { slerpInto } from '../playback/sample-js.js';

/**
 * At most this many keys are dropped in a row: each candidate re-checks every key dropped since the
 * last one kept, so a span without a bound made a static take of two minutes (7,200 ticks) quadratic.
 * A still bone keeps a key every 2.1 s; the reduction makes at most 128 checks a tick.
 */
export const MAX_DROPPED_RUN = 128;

export interface KeyTolerance {
  degrees: number;
  metres: number;
}

/** The indices of the keys to keep, first and last always among them. */
export function keptKeys(
  times: Float32Array,
  rotations: Float32Array,
  translations: Float32Array | null,
  tolerance: KeyTolerance,
): number[] {
  const n = times.length;
  if (n <= 2) return Array.from({ length: n }, (_, k) => k);
  const cosHalf = Math.cos((tolerance.degrees * Math.PI) / 360);
  const between = new Float32Array(4);
  const reproduced = (from: number, to: number, k: number) => {
    workCount.retargetKeyChecks++;
    const u = (times[k]! - times[from]!) / (times[to]! - times[from]!);
    slerpInto(rotations, 4 * from, rotations, 4 * to, u, between, 0);
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += between[c]! * rotations[4 * k + c]!;
    if (Math.abs(dot) < cosHalf) return false;
    if (!translations) return true;
    let squared = 0;
    for (let c = 0; c < 3; c++)
      squared +=
        (translations[3 * from + c]! + (translations[3 * to + c]! - translations[3 * from + c]!) * u - translations[3 * k + c]!) ** 2;
    return squared <= tolerance.metres ** 2;
  };
  const kept = [0];
  let anchor = 0;
  for (let k = 1; k < n - 1; k++) {
    let droppable = true;
    for (let m = anchor + 1; m <= k && droppable; m++) droppable = reproduced(anchor, k + 1, m);
    if (!droppable || k - anchor >= MAX_DROPPED_RUN) {
      kept.push(k);
      anchor = k;
    }
  }
  kept.push(n - 1);
  return kept;
}

/** `values` (`width` per key) at the kept keys only. */
export function pick(values: Float32Array, width: number, kept: readonly number[]): Float32Array {
  const out = new Float32Array(width * kept.length);
  kept.forEach((k, i) => out.set(values.subarray(width * k, width * k + width), width * i));
  return out;
}

// From poses sampled on the game's 60 Hz ticks to the keys worth storing: a key goes when the keys kept
// on either side, interpolated as the game does (slerp, lerp), give it back within the tolerance, and
// every key dropped since the last kept one too.
import { slerpInto } from '../playback/sample-js.js';

export interface KeyTolerance {
  degrees: number;
  metres: number;
}

/** The indices of the keys to keep, first and last always among them. */
export function keptKeys(times: Float32Array, rotations: Float32Array, translations: Float32Array | null, tolerance: KeyTolerance): number[] {
  const n = times.length;
  if (n <= 2) return Array.from({ length: n }, (_, k) => k);
  const cosHalf = Math.cos((tolerance.degrees * Math.PI) / 360);
  const between = new Float32Array(4);
  const reproduced = (from: number, to: number, k: number) => {
    const u = (times[k]! - times[from]!) / (times[to]! - times[from]!);
    slerpInto(rotations, 4 * from, rotations, 4 * to, u, between, 0);
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += between[c]! * rotations[4 * k + c]!;
    if (Math.abs(dot) < cosHalf) return false;
    if (!translations) return true;
    let squared = 0;
    for (let c = 0; c < 3; c++) squared += (translations[3 * from + c]! + (translations[3 * to + c]! - translations[3 * from + c]!) * u - translations[3 * k + c]!) ** 2;
    return squared <= tolerance.metres ** 2;
  };
  const kept = [0];
  let anchor = 0;
  for (let k = 1; k < n - 1; k++) {
    let droppable = true;
    for (let m = anchor + 1; m <= k && droppable; m++) droppable = reproduced(anchor, k + 1, m);
    if (!droppable) {
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

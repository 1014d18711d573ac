// Key times for engines that interpolate as three.js and Babylon.js do (src/three, src/babylon).
import { nextFloat32 } from '../core/float32.js';

/**
 * Key times an engine that interpolates from the last key at a time (three.js, Babylon.js) plays as the games do. At a time several keys
 * share, the games seek to the first
 * of them and play on from the last; the engines interpolate from the last at once. Moving the later
 * keys of each run one f32 step later gives both the games' value at that time and after it. The
 * decoded array is reused when no time repeats.
 */
export function gameKeyTimes(times: Float32Array): Float32Array {
  let copy: Float32Array | undefined;
  for (let k = 1; k < times.length; k++) {
    if (times[k] !== times[k - 1] || !Number.isFinite(times[k]!)) continue;
    copy ??= Float32Array.from(times);
    let run = k;
    while (run + 1 < times.length && times[run + 1] === times[k]) run++;
    copy.fill(nextFloat32(times[k]!), k, run + 1);
    k = run;
  }
  return copy ?? times;
}

// Two clips compared key for key, tracks paired by name (case ignored, as GTA III binds them).
import type { Animation } from '../../src/index.js';

/** Largest key differences between two clips whose tracks pair up by name and key times: radians and metres. */
export function keyDifferences(original: Animation, back: Animation): { radians: number; metres: number; missing: string[] } {
  let radians = 0,
    metres = 0;
  const missing: string[] = [];
  for (const track of original.bones) {
    const other = back.bones.find((b) => b.boneName.trim().toLowerCase() === track.boneName.trim().toLowerCase());
    if (!other || other.times.length !== track.times.length || (track.translations === null) !== (other.translations === null)) {
      missing.push(track.boneName);
      continue;
    }
    track.times.forEach((time, k) => {
      if (Math.abs(other.times[k]! - time) > 1e-6) missing.push(`${track.boneName} at ${time}`);
      const q = track.rotations.subarray(4 * k, 4 * k + 4),
        p = other.rotations.subarray(4 * k, 4 * k + 4);
      const dot = Math.abs(q[0]! * p[0]! + q[1]! * p[1]! + q[2]! * p[2]! + q[3]! * p[3]!) / Math.hypot(...q) / Math.hypot(...p);
      radians = Math.max(radians, 2 * Math.acos(Math.min(1, dot)));
      if (track.translations)
        metres = Math.max(metres, Math.hypot(...[0, 1, 2].map((c) => track.translations![3 * k + c]! - other.translations![3 * k + c]!)));
    });
  }
  return { radians, metres, missing };
}

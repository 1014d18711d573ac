// The error a key reduction is held to, as the Animation Compression Library (ACL) measures it: not
// an angle or a distance per track, but how far a point on a rigid shell around the bone moves.

/** ACL's default shell distance (its "virtual vertex" distance): 3 cm, a point on the skin of a limb. */
export const SHELL_DISTANCE_CM = 3;

/**
 * The shell error between two bone transforms (4x4, column-major, as `poseToMatrices` gives them): the
 * largest distance between where each transform puts the points `radius` along the bone's local x, y
 * and z axes. One number for rotation and translation together, in the units of the transforms, and
 * scaled by the radius as a mesh point near the bone would move. ACL's qvvf metric takes two of the
 * axes (for a rigid transform they bound the third within a factor); the third costs little and makes
 * the bound tight.
 */
export function shellError(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, radius: number): number {
  const tx = a[ao + 12]! - b[bo + 12]!;
  const ty = a[ao + 13]! - b[bo + 13]!;
  const tz = a[ao + 14]! - b[bo + 14]!;
  let worst = 0;
  for (let axis = 0; axis < 12; axis += 4) {
    const x = tx + radius * (a[ao + axis]! - b[bo + axis]!);
    const y = ty + radius * (a[ao + axis + 1]! - b[bo + axis + 1]!);
    const z = tz + radius * (a[ao + axis + 2]! - b[bo + axis + 2]!);
    worst = Math.max(worst, x * x + y * y + z * z);
  }
  return Math.sqrt(worst);
}

// Keys an exporter made by sampling, rather than the clip's own keys. Blender's glTF exporter samples
// every bone at the scene's frame rate (24 fps by default) and stops at the last whole frame: measured
// on walk_player, untouched bones come back up to 23 degrees and 221 mm off, and the clip's last
// 1/30 s is lost. With the scene at 60 fps (the games' rate) the samples land on the keys' own 60 Hz
// grid and the same round trip is within 0.04 degrees and 1.5 mm; with "Always Sample Animations" off
// the exporter writes the keys themselves.
import type { GltfWarning } from './policies.js';

/** A time within this many 60 Hz frames of a grid point is on the grid. */
const GRID_SLACK = 0.01;

export const onGrid = (time: number) => Math.abs(time * 60 - Math.round(time * 60)) <= GRID_SLACK;

/** Keys at every 60 Hz frame from the first to the last (three or more): a sampling at the games' own rate. */
export function everyGridFrame(times: Float32Array): boolean {
  if (times.length < 3) return false;
  for (let k = 1; k < times.length; k++) if (Math.abs((times[k]! - times[k - 1]!) * 60 - 1) > GRID_SLACK) return false;
  return onGrid(times[0]!);
}

/** The rate keys were sampled at, in frames per second: the reciprocal of their commonest gap, rounded. */
export function samplingRate(times: Float32Array): number | null {
  const counts = new Map<number, number>();
  for (let k = 1; k < times.length; k++) {
    const gap = times[k]! - times[k - 1]!;
    if (gap > 0) counts.set(Math.round(1 / gap), (counts.get(Math.round(1 / gap)) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [rate, count] of counts) if (best === null || count > counts.get(best)!) best = rate;
  return best;
}

/**
 * The one warning for animations whose keys are off the 60 Hz grid: what the exporter did, what the
 * import made of it, and the setting that avoids it.
 */
export function offGridWarning(
  animations: ReadonlyArray<{ name: string; rate: number | null }>,
  keys: { from: number; to: number },
  tolerance: { degrees: number; metres: number },
): GltfWarning {
  const rates = [...new Set(animations.map((a) => a.rate).filter((r): r is number => r !== null))];
  const sampled = rates.length ? `sampled by their exporter at ${rates.map((r) => `${r} fps`).join(', ')}` : "off the games' 60 Hz grid";
  return {
    code: 'regridded',
    message:
      `${animations.length} animations were ${sampled} (first: ${animations[0]!.name}), so their poses between samples are the exporter's interpolation, not the clip's, and the exporter may have cut the clip's last fraction of a frame (Blender does): ` +
      `the keys were put back on the 60 Hz grid and reduced within ${tolerance.degrees} degrees and ${tolerance.metres} m (${keys.from} keys became ${keys.to}). ` +
      "For a faithful round trip, set Blender's scene to 60 fps before importing the glTF into it (Output Properties > Frame Rate), or untick Always Sample Animations when exporting.",
  };
}

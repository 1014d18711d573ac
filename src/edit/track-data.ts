// The tracks of a decoded animation as plain data, the shape the editor changes and the writer takes.
import type { Animation } from '../ifp/track.js';
import type { TrackData } from '../ifp/types.js';

/** The tracks of a decoded animation as plain data (copies, so edits never reach the reader). */
export function trackData(animation: Animation): TrackData[] {
  return animation.bones.map((bone) => ({
    boneName: bone.boneName,
    boneId: bone.boneId,
    keyframeType: bone.keyframeType,
    compressed: bone.compressed,
    times: bone.times.slice(),
    rotations: bone.rotations.slice(),
    translations: bone.translations?.slice() ?? null,
    scales: bone.scales?.slice() ?? null,
  }));
}

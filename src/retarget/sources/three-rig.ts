// What three.js's loaders give (an object tree and AnimationClips whose tracks name their objects) as
// a SourceRig. The loaders bake FBX pre- and post-rotations and BVH offsets into the objects' rest
// transforms and keys, so the tree's own transforms are the rig's.
import type { AnimationClip, Object3D } from 'three';
import type { ChannelPath, SourceChannel, SourceRig } from '../rig.js';

/** three's InterpolateDiscrete, by value: this file takes three's types only, so the glTF path never loads three. */
const INTERPOLATE_DISCRETE = 2300;
const PATHS: Record<string, ChannelPath> = { position: 'translation', quaternion: 'rotation', scale: 'scale' };

export function rigFromThree(root: Object3D, clips: readonly AnimationClip[]): SourceRig {
  const objects: Object3D[] = [];
  root.traverse((object) => void objects.push(object));
  const index = new Map(objects.map((object, i) => [object, i]));
  // Tracks name objects by name (three sanitises them: 'mixamorig:Hips' is 'mixamorigHips'), or by uuid.
  const byName = new Map<string, number>();
  objects.forEach((object, i) => {
    if (!byName.has(object.uuid)) byName.set(object.uuid, i);
    if (object.name && !byName.has(object.name)) byName.set(object.name, i);
  });
  return {
    names: objects.map((object, i) => object.name || `object${i}`),
    parents: Int32Array.from(objects, (object) => (object.parent && index.has(object.parent) ? index.get(object.parent)! : -1)),
    restTranslations: Float64Array.from(objects.flatMap((object) => object.position.toArray())),
    restRotations: Float64Array.from(objects.flatMap((object) => object.quaternion.toArray())),
    restScales: Float64Array.from(objects.flatMap((object) => object.scale.toArray())),
    clips: clips.map((clip) => ({
      name: clip.name,
      channels: clip.tracks.flatMap((track): SourceChannel[] => {
        const dot = track.name.lastIndexOf('.');
        const joint = byName.get(track.name.slice(0, dot));
        const path = PATHS[track.name.slice(dot + 1)];
        if (joint === undefined || !path) return [];
        return [
          {
            joint,
            path,
            times: Float32Array.from(track.times),
            values: Float32Array.from(track.values),
            step: track.getInterpolation() === INTERPOLATE_DISCRETE,
          },
        ];
      }),
    })),
  };
}

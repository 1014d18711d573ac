// A BVH source (motion-capture libraries, Blender's exports), read by three.js's BVHLoader: its rest is
// the offsets with every joint unrotated, its root's position keyed absolutely.
import { RetargetError } from '../errors.js';
import type { SourceRig } from '../rig.js';
import { rigFromThree } from './three-rig.js';

export async function readBvhRig(bytes: Uint8Array, name: string): Promise<SourceRig> {
  const { BVHLoader } = await import('three/examples/jsm/loaders/BVHLoader.js');
  let result: ReturnType<InstanceType<typeof BVHLoader>['parse']>;
  try {
    result = new BVHLoader().parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new RetargetError('bad-source', `not a BVH file three.js's BVHLoader can read: ${(error as Error).message}`);
  }
  // A BVH holds one clip and no name for it: the file's name stands in.
  result.clip.name = name;
  // The root's position channels are where it is (Blender writes them so beside a rest OFFSET; mocap
  // files have a zero OFFSET); BVHLoader adds the OFFSET to them, so it is taken back out.
  const root = result.skeleton.bones[0]!;
  const track = result.clip.tracks.find((t) => t.name === `${root.name}.position`);
  if (track) for (let i = 0; i < track.values.length; i++) track.values[i] = track.values[i]! - root.position.getComponent(i % 3);
  return rigFromThree(result.skeleton.bones[0]!, [result.clip]);
}

// A BVH source (motion-capture libraries, Blender's exports), read by three.js's BVHLoader: its rest is
// the offsets with every joint unrotated, position channels keyed absolutely.
import { RetargetError } from '../errors.js';
import type { SourceRig } from '../rig.js';
import { DecodeError } from '../../core/errors.js';
import { importPeer } from '../../core/peer.js';
import { checkBvhMotion } from './bvh-motion.js';
import { chargeRigWork, sourceBudget } from './source-budget.js';
import { rigFromThree } from './three-rig.js';

export async function readBvhRig(bytes: Uint8Array, name: string): Promise<SourceRig> {
  const { BVHLoader } = await importPeer('three', 'reading BVH', () => import('three/examples/jsm/loaders/BVHLoader.js'));
  const text = new TextDecoder().decode(bytes);
  const budget = sourceBudget('BVH', bytes.length);
  try {
    // The frames the header claims, checked against the text and charged before the loader makes a key of them.
    const { frames, channels } = checkBvhMotion(text);
    budget.charge(frames * channels, `${frames} MOTION frames of ${channels} channels`);
  } catch (error) {
    if (error instanceof DecodeError) throw new RetargetError('bad-source', error.message);
    throw error;
  }
  let result: ReturnType<InstanceType<typeof BVHLoader>['parse']>;
  try {
    result = new BVHLoader().parse(text);
  } catch (error) {
    throw new RetargetError('bad-source', `not a BVH file three.js's BVHLoader can read: ${(error as Error).message}`);
  }
  // A BVH holds one clip and no name for it: the file's name stands in.
  result.clip.name = name;
  // A joint's position channels are where it is beside its parent (Blender writes them so for every
  // joint not connected to its parent, the OFFSET included; mocap files give the root a zero OFFSET);
  // BVHLoader adds the OFFSET to them, so it is taken back out of every joint that has them.
  const positioned = jointsWithPositions(text);
  for (const bone of result.skeleton.bones) {
    const track = positioned.has(bone.name) ? result.clip.tracks.find((t) => t.name === `${bone.name}.position`) : undefined;
    if (track) for (let i = 0; i < track.values.length; i++) track.values[i] = track.values[i]! - bone.position.getComponent(i % 3);
  }
  const rig = rigFromThree(result.skeleton.bones[0]!, [result.clip]);
  chargeRigWork(rig, budget);
  return rig;
}

/** The joints whose CHANNELS line names position channels. */
function jointsWithPositions(text: string): Set<string> {
  const names = new Set<string>();
  let joint: string | null = null;
  const motion = text.search(/^\s*MOTION/m);
  for (const line of text.slice(0, motion < 0 ? text.length : motion).split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'ROOT' || words[0] === 'JOINT') joint = words.slice(1).join(' ');
    else if (words[0] === 'End') joint = null;
    else if (words[0] === 'CHANNELS' && joint !== null && words.some((word) => /position$/i.test(word))) names.add(joint);
  }
  return names;
}

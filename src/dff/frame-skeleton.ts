/**
 * The skeleton of a model without an HAnim hierarchy (GTA III peds, SA animated objects, vehicles):
 * one bone per frame, named by the frame's NodeName, parented by the Frame List's links, with no bone
 * ids. Tracks bind to it by name, compared case-insensitively (III spells `storso` and `Storso`), and
 * a track's translation is an offset from the frame's own position, as the game poses such frames
 * (docs/binding.md).
 */
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import { orthonormalDeviation, rotationQuaternion } from './rotation.js';
import { BIND_SCALE_TOLERANCE } from './skin-pose.js';
import type { DFFFrame } from './types.js';

export interface FrameSkeleton {
  skeleton: Skeleton;
  /** Per frame, its bone in `skeleton` (frames keep their order when every parent comes first). */
  boneOfFrame: Int32Array;
}

/** Every frame as a bone. Links that loop are cut: the first frame of a loop reached becomes a root. */
export function skeletonFromFrames(frames: readonly DFFFrame[]): FrameSkeleton {
  const order = parentsFirstOrder(frames);
  const boneOfFrame = new Int32Array(frames.length).fill(-1);
  order.forEach((frame, bone) => (boneOfFrame[frame] = bone));
  const count = order.length;
  const restRotations = new Float32Array(4 * count);
  const restTranslations = new Float32Array(3 * count);
  const scales = new Float32Array(3 * count);
  let scaled = false;
  const parents = order.map((frameIndex, bone) => {
    const frame = frames[frameIndex]!;
    rotationQuaternion(frame.rotation, restRotations, 4 * bone);
    restTranslations.set(frame.position, 3 * bone);
    // The scale stays apart from the rotation, as a skinned ped's bind-matrix scale does.
    for (let axis = 0; axis < 3; axis++)
      scales[3 * bone + axis] = Math.hypot(frame.rotation[3 * axis]!, frame.rotation[3 * axis + 1]!, frame.rotation[3 * axis + 2]!);
    scaled ||= orthonormalDeviation(frame.rotation) > BIND_SCALE_TOLERANCE;
    const parentBone = frame.parent >= 0 ? boneOfFrame[frame.parent]! : -1;
    return parentBone < bone ? parentBone : -1;
  });
  const skeleton = createSkeleton({
    names: order.map((frame) => frames[frame]!.name),
    parents,
    restRotations,
    restTranslations,
    restScales: scaled ? scales : null,
    bindNames: 'frames',
    trackTranslations: 'offset',
    rig: 'gta',
    namePrecedence: namePrecedence(frames, boneOfFrame),
  });
  return { skeleton, boneOfFrame };
}

/**
 * Which bone wins a name several frames share, as the game finds a frame by name
 * (`RpAnimBlendClumpFindFrame`): it visits the frames below the clump's frame (frame 0) depth first,
 * each frame's children in the reverse of file order (RenderWare puts a child read later before
 * those read earlier), and keeps the last match. So the winner is the frame visited last: the walk
 * reversed. Frames the game never visits (frame 0, frames outside its tree) come after, in bone order.
 */
function namePrecedence(frames: readonly DFFFrame[], boneOfFrame: Int32Array): number[] {
  const children: number[][] = frames.map(() => []);
  frames.forEach((frame, i) => {
    if (frame.parent >= 0 && frame.parent !== i) children[frame.parent]!.push(i);
  });
  const visited = new Uint8Array(frames.length);
  const walk: number[] = [];
  // Children pushed in file order pop in reverse file order.
  const stack = frames.length ? [...children[0]!] : [];
  visited[0] = 1;
  while (stack.length) {
    const frame = stack.pop()!;
    if (visited[frame]) continue;
    visited[frame] = 1;
    walk.push(frame);
    // One push a child: a spread of 140,000 children is as many call arguments, past the stack.
    for (const child of children[frame]!) stack.push(child);
  }
  const winners = walk.reverse().map((frame) => boneOfFrame[frame]!);
  const others = Array.from(boneOfFrame, (bone, frame) => (visited[frame] && frame !== 0 ? -1 : bone))
    .filter((bone) => bone >= 0)
    .sort((a, b) => a - b);
  return [...winners, ...others];
}

/**
 * The frames in file order when every parent comes before its children (bone = frame index), else
 * depth first from the roots, as RenderWare walks a clump's frames.
 */
function parentsFirstOrder(frames: readonly DFFFrame[]): number[] {
  const inOrder = frames.every((frame, i) => frame.parent < i);
  if (inOrder) return frames.map((_, i) => i);
  const children: number[][] = frames.map(() => []);
  frames.forEach((frame, i) => {
    if (frame.parent >= 0 && frame.parent !== i) children[frame.parent]!.push(i);
  });
  const placed = new Uint8Array(frames.length);
  const order: number[] = [];
  const walk = (root: number) => {
    const stack = [root];
    while (stack.length) {
      const frame = stack.pop()!;
      if (placed[frame]) continue;
      placed[frame] = 1;
      order.push(frame);
      for (let c = children[frame]!.length - 1; c >= 0; c--) stack.push(children[frame]![c]!);
    }
  };
  frames.forEach((frame, i) => frame.parent < 0 && walk(i));
  // Frames on a loop of parent links reach no root: each loop starts at its first frame.
  frames.forEach((_, i) => walk(i));
  return order;
}

// Skeletons as three.js bones in rest pose (the objects clips play on: `toAnimationClip` names its
// tracks after them), and a THREE.Skeleton with its inverse binds.
import { Bone, Matrix4, Skeleton as ThreeSkeleton } from 'three';
import type { Skeleton } from '../core/skeleton.js';

/** The three.js name of a skeleton bone: trimmed, without the characters track paths reserve. */
export function threeBoneName(name: string): string {
  return name.trim().replace(/[[\].:/]/g, '');
}

/** A skeleton in three.js: its bones in the skeleton's order, the roots to add to the scene, and the `Skeleton`. */
export interface ThreeSkeletonParts {
  /** One per skeleton bone, in the skeleton's order, in rest pose, parented as the skeleton says. */
  bones: Bone[];
  /** The bones without a parent: add these to the scene (or to the skinned mesh). */
  roots: Bone[];
  /** With the skeleton's inverse binds when it has them, else three's own from the rest pose. */
  skeleton: ThreeSkeleton;
}

/** `THREE.Bone`s in rest pose (rest rotation and translation, local to the parent) and a `THREE.Skeleton`. */
export function toSkeleton(skeleton: Skeleton): ThreeSkeletonParts {
  const bones = skeleton.names.map((name, i) => {
    const bone = new Bone();
    bone.name = threeBoneName(name) || `bone${i}`;
    bone.quaternion.fromArray(skeleton.restRotations, 4 * i);
    bone.position.fromArray(skeleton.restTranslations, 3 * i);
    return bone;
  });
  const roots: Bone[] = [];
  bones.forEach((bone, i) => {
    const parent = skeleton.parents[i]!;
    if (parent >= 0) bones[parent]!.add(bone);
    else roots.push(bone);
  });
  const binds = skeleton.inverseBindMatrices;
  const inverses = binds ? bones.map((_, i) => new Matrix4().fromArray(binds, 16 * i)) : undefined;
  for (const root of roots) root.updateMatrixWorld(true);
  return { bones, roots, skeleton: new ThreeSkeleton(bones, inverses) };
}

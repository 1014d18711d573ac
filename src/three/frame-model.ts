// A frame-bound model (a GTA III ped, an animated object: no HAnim, docs/binding.md) as a three.js
// object tree: one object per frame, each rigid atomic's mesh on its frame, so a clip bound to the
// model's skeleton and played on the frames moves the parts as the game does.
import { Mesh, type Bone, type Object3D } from 'three';
import type { Skeleton } from '../core/skeleton.js';
import type { DFFGeometry } from '../dff/geometry.js';
import { toBufferGeometry, toThreeMaterials, type ToThreeMaterialsOptions } from './mesh-parts.js';
import { toSkeleton } from './skeleton.js';

/** What `toFrameModel` reads of a model: a `DFFReader` has it. */
export interface FrameModelSource {
  readonly skeleton: Skeleton | null;
  /** Per frame, its bone in `skeleton`, or -1. */
  readonly boneOfFrame: ArrayLike<number>;
  readonly geometries: readonly DFFGeometry[];
}

/**
 * A frame-bound model in three.js: one object per bone (frame), the roots to add to the scene, and the rigid meshes hanging from the bones.
 */
export interface ThreeFrameModel {
  /**
   * One object per skeleton bone (a frame), in the skeleton's order, in rest pose, named as
   * `toSkeleton` names bones, which is how `toAnimationClip` of a bound clip names its tracks.
   * They are `THREE.Bone`s, so a `SkeletonHelper` draws them.
   */
  frames: Bone[];
  /** What to add to the scene: the frames without a parent, and meshes of geometries on no frame. */
  roots: Object3D[];
  /** One mesh per rigid geometry, in the model's order, each a child of its frame's object (named `<frame> mesh`). */
  meshes: Mesh[];
}

/**
 * The model's frames as three.js objects with its rigid atomics on them, textured from
 * `options.textures`. Skinned geometries are left out (a skinned model is a `SkinnedMesh` on
 * `toSkeleton`'s bones). Play a clip on it with `toAnimationClip(bindClip(clip, model.skeleton))` and
 * a `THREE.AnimationMixer` on an object holding `roots`.
 */
export function toFrameModel(model: FrameModelSource, options: ToThreeMaterialsOptions = {}): ThreeFrameModel {
  if (!model.skeleton) return { frames: [], roots: [], meshes: [] };
  const { bones: frames, roots } = toSkeleton(model.skeleton);
  const placed: Object3D[] = [...roots];
  const meshes: Mesh[] = [];
  for (const geometry of model.geometries) {
    if (geometry.skinWeights || !geometry.vertexCount || !geometry.indices.length) continue;
    const mesh = new Mesh(toBufferGeometry(geometry), toThreeMaterials(geometry, options));
    const frame = geometry.frame >= 0 ? frames[model.boneOfFrame[geometry.frame] ?? -1] : undefined;
    if (frame) {
      mesh.name = `${frame.name} mesh`;
      frame.add(mesh);
    } else placed.push(mesh);
    meshes.push(mesh);
  }
  for (const root of placed) root.updateMatrixWorld(true);
  return { frames, roots: placed, meshes };
}

// One extra model in the 3D view, playing its own clip beside the main one: a ghost (drawn
// translucent at the same place, to see two clips or an edit against its original) or a model beside
// it (several models at once, each with a clip it fits).
import * as THREE from 'three';
import { createPose, sampleClip, type BoundClip, type Pose, type Skeleton, type TXDTexture } from 'gameanim';
import { buildModelObjects, type ShownModel } from './model-objects.js';
import { boundClip } from './page.js';
import type { SkeletalClip } from 'gameanim';

export type ActorPlace = 'ghost' | 'beside';

/** How much of a ghost shows: enough to read its pose, little enough to see the main model through it. */
const GHOST_OPACITY = 0.35;
const GHOST_BONES = 0x55ddff;

export class CompareActor {
  readonly group = new THREE.Group();
  readonly bound: BoundClip;
  readonly #bones: THREE.Bone[];
  readonly #pose: Pose;

  constructor(
    readonly label: string,
    readonly skeleton: Skeleton,
    model: ShownModel | null,
    readonly clip: SkeletalClip,
    readonly place: ActorPlace,
    textures: readonly TXDTexture[],
    textureCache: Map<TXDTexture, THREE.Texture>,
  ) {
    this.bound = boundClip(clip, skeleton);
    this.#pose = createPose(skeleton);
    const built = buildModelObjects(skeleton, model, textures, textureCache);
    this.#bones = built.bones;
    this.group.add(...built.objects);
    const helper = new THREE.SkeletonHelper(this.group);
    const lines = helper.material as THREE.LineBasicMaterial;
    lines.depthTest = false;
    if (place === 'ghost') {
      lines.vertexColors = false;
      lines.color.set(GHOST_BONES);
      this.group.traverse((object) => {
        const mesh = object as THREE.Mesh;
        if (!mesh.isMesh) return;
        for (const material of Array.isArray(mesh.material) ? mesh.material : [mesh.material])
          Object.assign(material, { transparent: true, opacity: GHOST_OPACITY, depthWrite: false });
        mesh.renderOrder = 1; // after the opaque main model, so it shows through
      });
    }
    this.group.add(helper);
  }

  /** Bones the clip drives (the rest keep the model's rest pose). */
  get matchedBones(): number {
    return this.bound.trackOfBone.filter((track) => track >= 0).length;
  }

  /** Poses the model at `time` of its clip (looped: a shorter clip starts over). */
  pose(time: number): void {
    const duration = this.clip.duration;
    sampleClip(this.bound, duration > 0 ? time % duration : 0, this.#pose);
    this.#bones.forEach((bone, i) => {
      bone.quaternion.fromArray(this.#pose.rotations, 4 * i);
      bone.position.fromArray(this.#pose.translations, 3 * i);
    });
    this.group.updateMatrixWorld(true);
  }

  /** Each bone's world position: the compare test reads them. */
  get bonePositions(): number[][] {
    return this.#bones.map((bone) => new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld).toArray());
  }

  dispose(): void {
    this.group.traverse((object) => {
      const drawn = object as THREE.Mesh;
      drawn.geometry?.dispose();
      for (const material of Array.isArray(drawn.material) ? drawn.material : drawn.material ? [drawn.material] : []) material.dispose();
    });
  }
}

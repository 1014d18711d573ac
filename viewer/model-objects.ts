// What the 3D view draws for a skeleton: the bones a pose moves, and on them the model as the game
// draws it (a skinned mesh; or rigid parts riding their frames, for a GTA III ped or an animated
// object), or for clips without a model, a small marker on each node a track drives.
import * as THREE from 'three';
import type { ModelGeometry, Skeleton, TXDTexture } from 'gameanim';
import { toBufferGeometry, toFrameModel, toSkeleton, toThreeMaterials } from 'gameanim/three';

/** The model drawn on a skeleton: its geometries, and for a frame-bound model (no HAnim) each frame's bone. */
export interface ShownModel {
  geometries: readonly ModelGeometry[];
  /** Set for a frame-bound model (`DFFReader.frameBound`): the rigid geometries ride their frames' bones. */
  boneOfFrame?: ArrayLike<number> | undefined;
}

export interface ModelObjects {
  /** One per skeleton bone, in its order: `SceneView.apply` poses them. */
  bones: THREE.Bone[];
  /** What to add to the scene. */
  objects: THREE.Object3D[];
}

/** Marker size, metres: about a hand, visible beside a ped and on an object's node alike. */
const MARKER_SIZE = 0.15;

export function buildModelObjects(
  skeleton: Skeleton,
  model: ShownModel | null,
  textures: readonly TXDTexture[],
  textureCache: Map<TXDTexture, THREE.Texture>,
): ModelObjects {
  const materials = { textures, textureCache };
  if (model?.boneOfFrame) {
    const frameModel = toFrameModel({ skeleton, boneOfFrame: model.boneOfFrame, geometries: model.geometries }, materials);
    // A top frame is the clump's (a GTA III ped's "player"), which no clip keys: it stays at the
    // origin while a run carries the waist away, so no skeleton line is drawn to it (SkeletonHelper
    // draws a line to a parent that is a bone).
    frameModel.frames.forEach((frame, i) => {
      if (skeleton.parents[i]! < 0) (frame as { isBone: boolean }).isBone = false;
    });
    return { bones: frameModel.frames, objects: frameModel.roots };
  }
  const parts = toSkeleton(skeleton);
  const objects: THREE.Object3D[] = [...parts.roots];
  for (const geometry of model?.geometries ?? []) {
    if (!geometry.vertexCount || !geometry.indices.length || !geometry.skinIndices || !geometry.skinWeights) continue;
    const mesh = new THREE.SkinnedMesh(toBufferGeometry(geometry, skeleton), toThreeMaterials(geometry, materials));
    mesh.bind(parts.skeleton, new THREE.Matrix4());
    mesh.frustumCulled = false;
    objects.push(mesh);
  }
  // Clips without a model play on one unlinked node per track: no bone lines would show them.
  if (!model && skeleton.parents.every((parent) => parent < 0)) for (const bone of parts.bones) bone.add(nodeMarker(bone.name));
  return { bones: parts.bones, objects };
}

/** Axes (x red, y green, z blue) and a small cube on a node, named after it. */
function nodeMarker(name: string): THREE.Object3D {
  const marker = new THREE.Group();
  marker.name = `${name} marker`;
  const cube = new THREE.Mesh(
    new THREE.BoxGeometry(MARKER_SIZE / 3, MARKER_SIZE / 3, MARKER_SIZE / 3),
    new THREE.MeshStandardMaterial({ color: 0xc8c8c8, roughness: 0.8 }),
  );
  marker.add(cube, new THREE.AxesHelper(MARKER_SIZE));
  return marker;
}

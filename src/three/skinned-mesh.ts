// A DFF ped's skinned geometries as three.js SkinnedMeshes on the skeleton's bones, with the weights
// the game draws with (gameSkinWeights), so three.js deforms them as the game does: the same
// positions as skinVertices for the same pose.
import { ArgumentError } from '../core/errors.js';
import { Group, Matrix4, SkinnedMesh, type Bone } from 'three';
import type { Skeleton } from '../core/skeleton.js';
import type { DFFGeometry } from '../dff/geometry.js';
import type { Pose } from '../playback/pose.js';
import { toBufferGeometry, toThreeMaterials, type ToThreeMaterialsOptions } from './mesh-parts.js';
import { toSkeleton, type ThreeSkeletonParts } from './skeleton.js';

/** The model's textures (its TXD's): a material's texture is found by name, ignoring case as the game does. */
export type ToThreeSkinnedMeshOptions = ToThreeMaterialsOptions;

/** A skinned model in three.js: the group to add to the scene, its skinned meshes and its skeleton. */
export interface ThreeSkinnedModel extends ThreeSkeletonParts {
  /** The bones' roots and the meshes: add this to the scene, move it to move the ped. */
  group: Group;
  /** One per geometry with skin weights, vertices and triangles, bound to `skeleton`. */
  meshes: SkinnedMesh[];
}

/**
 * The skinned geometries of a DFF model (`DFFReader.geometries`) on its skeleton (`DFFReader.skeleton`,
 * which has the Skin PLG's inverse binds): bones in rest pose (`toSkeleton`) and a `THREE.SkinnedMesh`
 * per geometry, with positions, normals (computed where the file has none), texture coordinates,
 * triangle groups per material (a `MeshStandardMaterial` of the material's colour and texture), and
 * the game's skin weights. Pose it with `poseThreeBones`. Geometries without a Skin PLG are left out.
 */
export function toThreeSkinnedMesh(
  geometries: DFFGeometry | readonly DFFGeometry[],
  skeleton: Skeleton,
  options: ToThreeSkinnedMeshOptions = {},
): ThreeSkinnedModel {
  if (!skeleton.inverseBindMatrices)
    throw new ArgumentError('missing-data', 'toThreeSkinnedMesh: the skeleton has no inverse bind matrices (a model without a Skin PLG)');
  const parts = toSkeleton(skeleton);
  const group = new Group();
  group.add(...parts.roots);
  const meshes: SkinnedMesh[] = [];
  for (const geometry of Array.isArray(geometries) ? geometries : [geometries as DFFGeometry]) {
    if (!geometry.skinIndices || !geometry.skinWeights || geometry.vertexCount === 0 || geometry.indices.length === 0) continue;
    const mesh = new SkinnedMesh(toBufferGeometry(geometry, skeleton), toThreeMaterials(geometry, options));
    // Bound at the group's origin: three cancels the mesh's own transform, so only the bones place it.
    mesh.bind(parts.skeleton, new Matrix4());
    // Posed bones move the vertices far from the rest bounds three would cull by.
    mesh.frustumCulled = false;
    group.add(mesh);
    meshes.push(mesh);
  }
  return { ...parts, group, meshes };
}

/**
 * Poses the bones `toSkeleton` (or `toThreeSkinnedMesh`) made with a skeleton pose (`sampleClip` of a
 * bound clip, `sampleLayers`): each bone's rotation, and its translation, or its rest translation
 * where the pose has none. Updates the bones' world matrices, which three's skinning reads.
 */
export function poseThreeBones(bones: readonly Bone[], pose: Pose, skeleton: Skeleton): void {
  if (bones.length !== pose.count || pose.count !== skeleton.boneCount)
    throw new ArgumentError(
      'size-mismatch',
      `poseThreeBones: ${bones.length} bones, a pose of ${pose.count}, a skeleton of ${skeleton.boneCount}`,
    );
  bones.forEach((bone, i) => {
    bone.quaternion.fromArray(pose.rotations, 4 * i).normalize();
    bone.position.fromArray(pose.hasTranslation[i] ? pose.translations : skeleton.restTranslations, 3 * i);
  });
  bones.forEach((bone, i) => {
    if (skeleton.parents[i]! < 0) bone.updateMatrixWorld(true);
  });
}

// A DFF ped's skinned geometries as three.js SkinnedMeshes on the skeleton's bones, with the weights
// the game draws with (gameSkinWeights), so three.js deforms them as the game does: the same
// positions as skinVertices for the same pose.
import { BufferAttribute, BufferGeometry, Color, DoubleSide, FrontSide, Group, Matrix4, MeshStandardMaterial, SkinnedMesh, Uint16BufferAttribute, type Bone, type Material, type Texture } from 'three';
import { nameKey } from '../core/names.js';
import type { Skeleton } from '../core/skeleton.js';
import type { DffGeometry, DffMaterial } from '../dff/geometry.js';
import type { Pose } from '../playback/pose.js';
import { gameSkinWeights } from '../playback/skin-weights.js';
import type { TxdTexture } from '../txd/reader.js';
import { toThreeTexture, type ToThreeTextureOptions } from './texture.js';
import { toSkeleton, type ThreeSkeletonParts } from './skeleton.js';

export interface ToThreeSkinnedMeshOptions extends ToThreeTextureOptions {
  /** The model's textures (its TXD's): a material's texture is found by name, ignoring case as the game does. */
  textures?: readonly TxdTexture[];
}

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
export function toThreeSkinnedMesh(geometries: DffGeometry | readonly DffGeometry[], skeleton: Skeleton, options: ToThreeSkinnedMeshOptions = {}): ThreeSkinnedModel {
  if (!skeleton.inverseBindMatrices) throw new RangeError('toThreeSkinnedMesh: the skeleton has no inverse bind matrices (a model without a Skin PLG)');
  const parts = toSkeleton(skeleton);
  const group = new Group();
  group.add(...parts.roots);
  const material = materialMaker(options);
  const meshes: SkinnedMesh[] = [];
  for (const geometry of Array.isArray(geometries) ? geometries : [geometries as DffGeometry]) {
    if (!geometry.skinIndices || !geometry.skinWeights || geometry.vertexCount === 0 || geometry.indices.length === 0) continue;
    const { joints, weights } = gameSkinWeights(geometry, skeleton);
    const buffer = new BufferGeometry();
    buffer.setAttribute('position', new BufferAttribute(geometry.positions, 3));
    if (geometry.normals) buffer.setAttribute('normal', new BufferAttribute(geometry.normals, 3));
    if (geometry.uvs) buffer.setAttribute('uv', new BufferAttribute(geometry.uvs, 2));
    buffer.setAttribute('skinIndex', new Uint16BufferAttribute(Uint16Array.from(joints), 4));
    buffer.setAttribute('skinWeight', new BufferAttribute(weights, 4));
    buffer.setIndex(new BufferAttribute(geometry.indices, 1));
    for (const { start, count, material: index } of geometry.groups) buffer.addGroup(start, count, index);
    if (!geometry.normals) buffer.computeVertexNormals();
    const materials = geometry.materials.map(material);
    const mesh = new SkinnedMesh(buffer, materials.length ? materials : new MeshStandardMaterial({ color: 0x999999 }));
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
  if (bones.length !== pose.count || pose.count !== skeleton.boneCount) throw new RangeError(`poseThreeBones: ${bones.length} bones, a pose of ${pose.count}, a skeleton of ${skeleton.boneCount}`);
  bones.forEach((bone, i) => {
    bone.quaternion.fromArray(pose.rotations, 4 * i).normalize();
    bone.position.fromArray(pose.hasTranslation[i] ? pose.translations : skeleton.restTranslations, 3 * i);
  });
  bones.forEach((bone, i) => {
    if (skeleton.parents[i]! < 0) bone.updateMatrixWorld(true);
  });
}

/** A material per DFF material, sharing each texture found among the model's. */
function materialMaker(options: ToThreeSkinnedMeshOptions): (material: DffMaterial) => Material {
  const byName = new Map<string, TxdTexture>();
  for (const texture of options.textures ?? []) if (!byName.has(nameKey(texture.name))) byName.set(nameKey(texture.name), texture);
  const made = new Map<TxdTexture, Texture>();
  return (material) => {
    const color = new Color(material.color[0] / 255, material.color[1] / 255, material.color[2] / 255);
    const source = material.texture === null ? undefined : byName.get(nameKey(material.texture));
    if (!source) return new MeshStandardMaterial({ color, roughness: 0.8 });
    let map = made.get(source);
    if (!map) made.set(source, (map = toThreeTexture(source, options)));
    // DXT1 and 1555 alpha is one bit: a cut-out, not a blend.
    const cutOut = source.format === 'DXT1' || source.format === '1555';
    return new MeshStandardMaterial({
      color, roughness: 0.8, map,
      transparent: source.hasAlpha && !cutOut, alphaTest: source.hasAlpha && cutOut ? 0.5 : 0, side: source.hasAlpha ? DoubleSide : FrontSide,
    });
  };
}

// A DFF model as Babylon.js nodes, posed as the game poses it: one TransformNode per skeleton bone
// (in rest pose) under a root node that turns the game's Z-up axes into the scene's; a skinned
// ped's geometry as meshes on a Babylon Skeleton whose bones follow those nodes, and a GTA III
// ped's or an object's rigid atomics as meshes on their frames' nodes.
import { Matrix, Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Bone } from '@babylonjs/core/Bones/bone.js';
import { Skeleton as BabylonSkeleton } from '@babylonjs/core/Bones/skeleton.js';
import { MultiMaterial } from '@babylonjs/core/Materials/multiMaterial.js';
import type { Material } from '@babylonjs/core/Materials/material.js';
import { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData.js';
import { SubMesh } from '@babylonjs/core/Meshes/subMesh.js';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import type { Scene } from '@babylonjs/core/scene.js';
import { ArgumentError, type DecodeWarning } from '../core/errors.js';
import type { Skeleton } from '../core/skeleton.js';
import type { DFFGeometry } from '../dff/geometry.js';
import type { DFFReader } from '../dff/reader.js';
import { gameSkinWeights } from '../playback/skin-weights.js';
import type { TXDTexture } from '../txd/reader.js';
import { BabylonTextureSet, toBabylonMaterial } from './materials.js';

/** A model loaded into a Babylon.js scene: what the `.ifp` plugin binds clips to (kept in `root.metadata.gameanim`). */
export interface BabylonGameModel {
  /** The model's root: moves the whole model; its rotation turns the game's Z up into the scene's Y up. */
  root: TransformNode;
  /** One per skeleton bone (a frame, for a frame-bound model), in the skeleton's order, named after it: clips animate these. */
  nodes: TransformNode[];
  meshes: Mesh[];
  /** The Babylon skeleton of a skinned model (its bones follow `nodes`), else null. */
  babylonSkeleton: BabylonSkeleton | null;
  /** gameanim's skeleton, posed as the game poses the model: clips bind to it. */
  skeleton: Skeleton;
  textures: readonly TXDTexture[];
  /** The readers' warnings, and a `missing-textures` warning for texture names the dictionary lacks. */
  warnings: (DecodeWarning | { code: 'missing-textures'; message: string })[];
}

/** The Babylon node name of a skeleton bone: the name without surrounding spaces (`bone<i>` when empty). */
export function babylonNodeName(skeleton: Skeleton, bone: number): string {
  return skeleton.names[bone]!.trim() || `bone${bone}`;
}

/**
 * The model's nodes and meshes in `scene`. Skinned when the skeleton has inverse binds and a geometry
 * has skin weights (the weights as the game draws them, `gameSkinWeights`), else rigid parts on their
 * frames. The root turns the game's right-handed Z-up space into the scene's axes (left- or
 * right-handed, Y up); below it, every node's matrix relative to the root is the game's.
 */
export function toBabylonModel(
  reader: DFFReader,
  scene: Scene,
  name: string,
  textures: readonly TXDTexture[] | null,
  extraWarnings: readonly DecodeWarning[] = [],
): BabylonGameModel {
  const skeleton = reader.skeleton;
  if (!skeleton) throw new ArgumentError('missing-data', 'toBabylonModel: the model has no frames, so nothing to place its geometry on');
  const root = new TransformNode(name, scene);
  // Game (x, y, z) -> scene (x, z, y) for a left-handed scene, (x, z, -y) for a right-handed one.
  root.rotationQuaternion = Quaternion.RotationAxis(Vector3.Right(), -Math.PI / 2);
  if (!scene.useRightHandedSystem) root.scaling = new Vector3(1, -1, 1);
  const nodes = skeleton.names.map((_, bone) => {
    const node = new TransformNode(babylonNodeName(skeleton, bone), scene);
    node.rotationQuaternion = Quaternion.FromArray(skeleton.restRotations, 4 * bone);
    node.position = Vector3.FromArray(skeleton.restTranslations, 3 * bone);
    return node;
  });
  nodes.forEach((node, bone) => (node.parent = nodes[skeleton.parents[bone]!] ?? root));

  const set = new BabylonTextureSet(scene, textures ?? []);
  const missing = new Set<string>();
  const skinned = skeleton.inverseBindMatrices !== null && reader.geometries.some((geometry) => geometry.skinWeights);
  const babylonSkeleton = skinned ? toBabylonSkeleton(skeleton, nodes, `${name} skeleton`, scene) : null;
  const meshes: Mesh[] = [];
  reader.geometries.forEach((geometry, index) => {
    if (!geometry.vertexCount || !geometry.indices.length) return;
    const skin = babylonSkeleton && geometry.skinWeights && geometry.skinIndices;
    const frameNode = geometry.frame >= 0 ? nodes[reader.boneOfFrame[geometry.frame] ?? -1] : undefined;
    if (babylonSkeleton === null && geometry.skinWeights) return; // a skin without binds: drawn by nothing, as toFrameModel leaves it
    const mesh = toBabylonMesh(geometry, skin ? skeleton : null, `${name} ${skin ? 'skin' : (frameNode?.name ?? 'part')} ${index}`, scene);
    mesh.parent = skin ? root : (frameNode ?? root);
    if (skin) {
      mesh.skeleton = babylonSkeleton;
      mesh.numBoneInfluencers = 4;
      // Posed bones move the vertices far from the rest bounds: keep the mesh drawn.
      mesh.alwaysSelectAsActiveMesh = true;
    }
    const materials = geometry.materials.map((material, m) => toBabylonMaterial(material, `${mesh.name} material ${m}`, set, missing));
    applyMaterials(mesh, geometry, materials, scene);
    meshes.push(mesh);
  });
  const warnings: BabylonGameModel['warnings'] = [...reader.warnings, ...extraWarnings];
  if (textures && missing.size)
    warnings.push({
      code: 'missing-textures',
      message: `materials name ${missing.size} texture${missing.size === 1 ? '' : 's'} the dictionary lacks and keep their colour: ${[...missing].slice(0, 10).join(', ')}`,
    });
  const model: BabylonGameModel = { root, nodes, meshes, babylonSkeleton, skeleton, textures: textures ?? [], warnings };
  root.metadata = { gameanim: model };
  return model;
}

/** A Babylon skeleton whose bones follow `nodes`, with the bind pose the Skin PLG's inverse binds give. */
function toBabylonSkeleton(skeleton: Skeleton, nodes: readonly TransformNode[], name: string, scene: Scene): BabylonSkeleton {
  const out = new BabylonSkeleton(name, name, scene);
  const binds = skeleton.inverseBindMatrices!;
  const absolute = nodes.map((_, bone) => Matrix.FromArray(binds, 16 * bone).invert());
  const bones: Bone[] = [];
  nodes.forEach((node, bone) => {
    const parent = skeleton.parents[bone]!;
    // The bind pose relative to the parent: inverse(IBM[parent]^-1) x IBM[i]^-1, in Babylon's row-vector order.
    const local = parent >= 0 ? absolute[bone]!.multiply(absolute[parent]!.clone().invert()) : absolute[bone]!.clone();
    const made = new Bone(node.name, out, bones[parent] ?? null, local, null, local, bone);
    made.linkTransformNode(node);
    bones.push(made);
  });
  return out;
}

function toBabylonMesh(geometry: DFFGeometry, skeleton: Skeleton | null, name: string, scene: Scene): Mesh {
  const mesh = new Mesh(name, scene);
  const data = new VertexData();
  data.positions = geometry.positions;
  data.indices = geometry.indices;
  if (geometry.uvs) data.uvs = geometry.uvs;
  if (geometry.normals) data.normals = geometry.normals;
  else {
    const normals: number[] = [];
    VertexData.ComputeNormals(geometry.positions, geometry.indices, normals);
    data.normals = normals;
  }
  if (skeleton && geometry.skinIndices && geometry.skinWeights) {
    const { joints, weights } = gameSkinWeights(geometry, skeleton);
    data.matricesIndices = Float32Array.from(joints);
    data.matricesWeights = weights;
  }
  data.applyToMesh(mesh);
  return mesh;
}

/** One submesh per material group, with a MultiMaterial of the geometry's materials (one material: set directly). */
function applyMaterials(mesh: Mesh, geometry: DFFGeometry, materials: Material[], scene: Scene): void {
  if (materials.length === 0) return;
  if (materials.length === 1 && geometry.groups.every((group) => group.material === 0)) {
    mesh.material = materials[0]!;
    return;
  }
  const multi = new MultiMaterial(`${mesh.name} materials`, scene);
  multi.subMaterials = materials;
  mesh.material = multi;
  mesh.subMeshes = [];
  for (const group of geometry.groups) new SubMesh(group.material, 0, geometry.vertexCount, group.start, group.count, mesh);
}

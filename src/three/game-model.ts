// A DFF model as a three.js scene object, posed as the game poses it: a skinned ped as SkinnedMeshes
// on its skeleton's bones (the Skin PLG's rest pose), anything else (a GTA III ped, an animated
// object) as its frames with each rigid atomic riding its frame. What `DFFLoader` gives.
import { Group, Mesh, type Bone, type Object3D, type Skeleton as ThreeSkeleton } from 'three';
import { ArgumentError, type DecodeWarning } from '../core/errors.js';
import { nameKey } from '../core/names.js';
import type { Skeleton } from '../core/skeleton.js';
import type { DFFReader } from '../dff/reader.js';
import type { TXDTexture } from '../txd/reader.js';
import { toFrameModel } from './frame-model.js';
import { toBufferGeometry, toThreeMaterials, type ToThreeMaterialsOptions } from './mesh-parts.js';
import { toThreeSkinnedMesh } from './skinned-mesh.js';

/** A warning of a model loader about what it put together (the readers' own are `DecodeWarning`s). */
export interface ModelWarning {
  code: 'missing-textures';
  message: string;
}

/**
 * A model as `toThreeGameModel` (and `DFFLoader`) makes it: the scene to add, its bones and meshes, the skeleton clips bind to, and the
 * warnings.
 */
export interface ThreeGameModel {
  /** Add this to the scene; play clips on it with `new AnimationMixer(model.scene)`. */
  scene: Group;
  /** One per skeleton bone (a frame, for a frame-bound model), in the skeleton's order, named as `toSkeleton` names them. */
  bones: Bone[];
  /** `SkinnedMesh`es of a skinned model, and each rigid atomic's `Mesh` on its frame's bone. */
  meshes: Mesh[];
  /** The skeleton clips bind to (`IFPLoader.setModel`, `bindClip`), posed as the game poses the model. */
  skeleton: Skeleton;
  /** The skinned meshes' `THREE.Skeleton`; null for a model without skinned geometry. */
  threeSkeleton: ThreeSkeleton | null;
  /** The decoded model. */
  reader: DFFReader;
  /** The textures the materials were matched against. */
  textures: readonly TXDTexture[];
  /** The readers' warnings (model, then dictionary), and materials naming a texture the dictionary lacks. */
  warnings: (DecodeWarning | ModelWarning)[];
}

export interface ToThreeGameModelOptions extends ToThreeMaterialsOptions {
  /** Warnings of the dictionary the textures came from, passed on in `warnings`. */
  textureWarnings?: readonly DecodeWarning[];
}

/**
 * The model as the game draws it: skinned (`toThreeSkinnedMesh`) when its skeleton has inverse binds
 * and a geometry has skin weights, else its frames with their rigid atomics (`toFrameModel`).
 * Textures are matched by name as the game matches them; a dictionary that lacks one a material
 * names gives one `missing-textures` warning (that material keeps its colour).
 */
export function toThreeGameModel(reader: DFFReader, options: ToThreeGameModelOptions = {}): ThreeGameModel {
  const skeleton = reader.skeleton;
  if (!skeleton) throw new ArgumentError('missing-data', 'toThreeGameModel: the model has no frames, so nothing to place its geometry on');
  const textures = options.textures ?? [];
  const warnings: (DecodeWarning | ModelWarning)[] = [...reader.warnings, ...(options.textureWarnings ?? [])];
  const scene = new Group();
  let bones: Bone[];
  let meshes: Mesh[];
  let threeSkeleton: ThreeSkeleton | null = null;
  if (skeleton.inverseBindMatrices && reader.geometries.some((geometry) => geometry.skinWeights)) {
    const skinned = toThreeSkinnedMesh(reader.geometries, skeleton, options);
    scene.add(skinned.group);
    ({ bones, skeleton: threeSkeleton } = skinned);
    meshes = [...skinned.meshes, ...rigidPartsOnBones(reader, bones, scene, options)];
  } else {
    const frames = toFrameModel(reader, options);
    if (frames.roots.length) scene.add(...frames.roots);
    ({ frames: bones, meshes } = frames);
  }
  scene.name = 'gameanim model';
  scene.updateMatrixWorld(true);
  const missing = missingTextures(reader, textures);
  if (options.textures && missing.length)
    warnings.push({
      code: 'missing-textures',
      message: `materials name ${missing.length} texture${missing.length === 1 ? '' : 's'} the dictionary lacks and keep their colour: ${missing.slice(0, 10).join(', ')}`,
    });
  return { scene, bones, meshes, skeleton, threeSkeleton, reader, textures, warnings };
}

/**
 * A skinned model's rigid atomics (an accessory on a bone), each as a mesh on its frame's bone, or on `scene` when its frame is no bone.
 */
function rigidPartsOnBones(reader: DFFReader, bones: readonly Bone[], scene: Object3D, options: ToThreeMaterialsOptions): Mesh[] {
  const parts: Mesh[] = [];
  for (const geometry of reader.geometries) {
    if (geometry.skinWeights || !geometry.vertexCount || !geometry.indices.length) continue;
    const bone = geometry.frame >= 0 ? bones[reader.boneOfFrame[geometry.frame] ?? -1] : undefined;
    const mesh = new Mesh(toBufferGeometry(geometry), toThreeMaterials(geometry, options));
    mesh.name = `${bone?.name ?? 'model'} mesh`;
    (bone ?? scene).add(mesh);
    parts.push(mesh);
  }
  return parts;
}

/** The texture names materials use that the textures lack, each once, as the file spells them. */
function missingTextures(reader: DFFReader, textures: readonly TXDTexture[]): string[] {
  const have = new Set(textures.map((texture) => nameKey(texture.name)));
  const missing = new Map<string, string>();
  for (const geometry of reader.geometries)
    for (const material of geometry.materials)
      if (material.texture && !have.has(nameKey(material.texture))) missing.set(nameKey(material.texture), material.texture);
  return [...missing.values()];
}

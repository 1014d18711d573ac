// A scene: several models in one glTF, each playing its own clip on one timeline, as a cutscene
// plays (San Andreas names each animation of a cutscene's IFP after the object it moves).
import { ArgumentError } from '../core/errors.js';
import { Document, WebIO, type Node } from '@gltf-transform/core';
import type { Skeleton } from '../core/skeleton.js';
import { nameKey } from '../core/names.js';
import { WorkBudget } from '../core/work-budget.js';
import type { SkeletalClip } from '../playback/clip.js';
import { addAnimation, addModelNodes, newTally, tallyWarnings, uprightNode, type ExportGltfOptions } from './export.js';
import { accessor } from './meshes.js';
import { writeGltfFiles } from './gltf-files.js';
import type { GltfFiles } from './gltf-output.js';
import type { GltfWarning } from './policies.js';
import { EXPORT_BASE_SAMPLES, EXPORT_SAMPLES_PER_KEY, rotationKeyCount } from './squad-resample.js';
import type { ExportTexture } from './texture-source.js';

/** One object of a scene: its name (the model's), its model, its clip (null: shown at rest) and its textures. */
export interface SceneObject {
  name: string;
  model: NonNullable<ExportGltfOptions['model']> & { skeleton: Skeleton };
  clip: SkeletalClip | null;
  textures?: readonly ExportTexture[];
}

/** What `exportGltfScene` writes: the objects (each a model playing the clip of its name) and the animation's name. */
export interface ExportSceneOptions
  extends Pick<ExportGltfOptions, 'container' | 'images' | 'binName' | 'repeatedTimes' | 'axes' | 'resampleRate' | 'encodePng'> {
  objects: readonly SceneObject[];
  /** The name of the scene's one animation (a cutscene's: its IFP package). */
  name: string;
}

/** What `exportGltfScene` wrote: the .glb or .gltf files, and the warnings. */
export interface ExportSceneResult {
  glb: Uint8Array | null;
  gltf: GltfFiles | null;
  warnings: GltfWarning[];
  /** The objects whose clip moves them, in order. */
  animated: string[];
  /** The objects shown at rest: no clip, or a clip that drives none of their bones. */
  atRest: string[];
  textures: string[];
}

/**
 * One glTF of every object, each under a node of its name, with one animation that plays each
 * object's clip from time 0: a glTF viewer plays one animation at a time, so a scene is one. Each
 * object's bones form a skin, so a tool shows each as one rig (Blender: an armature, with one action
 * of the animation per object), also where its meshes are rigid parts or absent.
 */
export async function exportGltfScene(options: ExportSceneOptions): Promise<ExportSceneResult> {
  const warnings: GltfWarning[] = [];
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'gameanim';
  const buffer = doc.createBuffer('gameanim').setURI(options.binName ?? 'gameanim.bin');
  const scene = doc.createScene(options.name || 'scene');
  doc.getRoot().setDefaultScene(scene);
  const upright = (options.axes ?? 'y-up') === 'y-up' ? uprightNode(doc) : null;
  if (upright) scene.addChild(upright);
  const animation = doc.createAnimation(options.name || 'scene');
  const tally = newTally();
  const clips = options.objects.flatMap((object) => (object.clip ? [object.clip] : []));
  const budget = new WorkBudget('GLTF', EXPORT_BASE_SAMPLES + EXPORT_SAMPLES_PER_KEY * rotationKeyCount(clips), 'rotation samples');
  const animated: string[] = [];
  const atRest: string[] = [];
  const seen = new Map<string, number>();
  for (const object of options.objects) {
    const key = nameKey(object.name);
    if (seen.has(key))
      throw new ArgumentError(
        'bad-argument',
        `exportGltfScene: two objects are named "${object.name}"; each object plays the clip of its name`,
      );
    seen.set(key, 1);
    const root = doc.createNode(object.name);
    if (upright) upright.addChild(root);
    else scene.addChild(root);
    const skeleton = object.model.skeleton;
    const skins = doc.getRoot().listSkins().length;
    const place = (roots: Node[]) => (roots.forEach((bone) => root.addChild(bone)), root);
    const { bones, extraNode } = await addModelNodes(
      doc,
      buffer,
      scene,
      place,
      skeleton,
      { model: object.model, textures: object.textures },
      warnings,
    );
    if (doc.getRoot().listSkins().length === skins) addJointSkin(doc, buffer, bones, skeleton, object.name);
    const moved =
      object.clip !== null && addAnimation(doc, buffer, bones, extraNode, skeleton, object.clip, options, tally, budget, animation);
    (moved ? animated : atRest).push(object.name);
  }
  tallyWarnings(tally, options, warnings);
  if (atRest.length)
    warnings.push({
      code: 'objects-at-rest',
      message: `${atRest.length === 1 ? 'an object has' : `${atRest.length} objects have`} no clip that moves it and ${atRest.length === 1 ? 'is' : 'are'} shown at rest: ${atRest.join(', ')}`,
    });
  // glTF forbids an animation without channels: a scene where nothing moves has none.
  if (animation.listChannels().length === 0) animation.dispose();
  if (doc.getRoot().listAccessors().length === 0) buffer.dispose();
  const textures = doc
    .getRoot()
    .listTextures()
    .map((texture) => texture.getName());
  const io = new WebIO();
  if (options.container === 'gltf') {
    return {
      glb: null,
      gltf: await writeGltfFiles(io, doc, options.binName ?? 'gameanim.bin', options.images ?? 'files'),
      warnings,
      animated,
      atRest,
      textures,
    };
  }
  return { glb: await io.writeBinary(doc), gltf: null, warnings, animated, atRest, textures };
}

/**
 * A skin of the object's bones that no mesh uses: what makes a tool import them as one rig. Its
 * inverse binds are the skeleton's, else the inverse of each bone's rest world matrix.
 */
function addJointSkin(doc: Document, buffer: ReturnType<Document['createBuffer']>, bones: Node[], skeleton: Skeleton, name: string): void {
  if (bones.length === 0) return;
  const skin = doc.createSkin(`${name} skin`);
  bones.forEach((bone) => skin.addJoint(bone));
  skin.setInverseBindMatrices(
    accessor(
      doc,
      buffer,
      'MAT4',
      skeleton.inverseBindMatrices ? Float32Array.from(skeleton.inverseBindMatrices) : restInverseBinds(skeleton),
    ),
  );
  skin.setSkeleton(bones[skeleton.parents.findIndex((parent) => parent < 0)]!);
}

/** The inverse of each bone's rest world matrix (rotation and translation), column-major. */
function restInverseBinds(skeleton: Skeleton): Float32Array {
  const count = skeleton.boneCount;
  const world = new Float64Array(12 * count); // 3x3 rotation columns, then the position
  const out = new Float32Array(16 * count);
  for (let bone = 0; bone < count; bone++) {
    const [x, y, z, w] = Array.from(skeleton.restRotations.subarray(4 * bone, 4 * bone + 4));
    const local = [
      1 - 2 * (y! * y! + z! * z!),
      2 * (x! * y! + z! * w!),
      2 * (x! * z! - y! * w!),
      2 * (x! * y! - z! * w!),
      1 - 2 * (x! * x! + z! * z!),
      2 * (y! * z! + x! * w!),
      2 * (x! * z! + y! * w!),
      2 * (y! * z! - x! * w!),
      1 - 2 * (x! * x! + y! * y!),
    ];
    const t = skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3);
    const parent = skeleton.parents[bone]!;
    const at = 12 * bone;
    if (parent < 0) {
      world.set(local, at);
      world.set(t, at + 9);
    } else {
      const p = 12 * parent;
      for (let column = 0; column < 3; column++)
        for (let row = 0; row < 3; row++)
          world[at + 3 * column + row] =
            world[p + row]! * local[3 * column]! +
            world[p + 3 + row]! * local[3 * column + 1]! +
            world[p + 6 + row]! * local[3 * column + 2]!;
      for (let row = 0; row < 3; row++)
        world[at + 9 + row] = world[p + 9 + row]! + world[p + row]! * t[0]! + world[p + 3 + row]! * t[1]! + world[p + 6 + row]! * t[2]!;
    }
    // Rigid inverse: the transposed rotation, and minus it times the position.
    const o = 16 * bone;
    for (let column = 0; column < 3; column++) for (let row = 0; row < 3; row++) out[o + 4 * column + row] = world[at + 3 * row + column]!;
    for (let row = 0; row < 3; row++)
      out[o + 12 + row] = -(
        world[at + 3 * row]! * world[at + 9]! +
        world[at + 3 * row + 1]! * world[at + 10]! +
        world[at + 3 * row + 2]! * world[at + 11]!
      );
    out[o + 15] = 1;
  }
  return out;
}

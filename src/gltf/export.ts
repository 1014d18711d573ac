import { ArgumentError } from '../core/errors.js';
import { Document, WebIO, type Accessor, type Animation, type Buffer, type Material, type Node, type Scene } from '@gltf-transform/core';
import type { Skeleton } from '../core/skeleton.js';
import type { ModelGeometry } from '../core/model-geometry.js';
import { float32Text } from '../core/float32.js';
import { countText } from '../core/names.js';
import { WorkBudget } from '../core/work-budget.js';
import { bindClip, offsetFromRest } from '../playback/bind.js';
import { skeletonFromTracks } from '../playback/track-skeleton.js';
import { clipTracks, type SkeletalClip } from '../playback/clip.js';
import { fixTimes, GAMEANIM_GENERATOR, pick, TIME_SHIFT_EXTRA, unitKeys, type GltfWarning, type RepeatPolicy } from './policies.js';
import { EXPORT_BASE_SAMPLES, EXPORT_SAMPLES_PER_KEY, keysDuration, resampleRotations, rotationKeyCount } from './squad-resample.js';
import type { ExportTexture } from './texture-source.js';
import { loadPngEncoder, textureBinder, type EncodePng } from './textures.js';
import { writeGltfFiles } from './gltf-files.js';
import type { GltfFiles, GltfImages } from './gltf-output.js';
import { accessor, addMeshes } from './meshes.js';

/** What `exportGltf` writes: the model or skeleton, the clips, the textures, and the container and axes of the output. */
export interface ExportGltfOptions {
  /**
   * A model: its skeleton and, when it has them, its geometries (a `DFFReader` is one). Skinned
   * geometries go on the skin; a rigid one goes under the node of its frame's bone (`boneOfFrame`).
   */
  model?: { skeleton: Skeleton | null; geometries?: readonly ModelGeometry[]; boneOfFrame?: ArrayLike<number> };
  /**
   * The skeleton, when there is no model (or to use another one: an IGI 2 clip with its `.mef`'s
   * names). With neither, each clip plays on nodes named after its tracks (`skeletonFromTracks`).
   */
  skeleton?: Skeleton;
  clips: readonly SkeletalClip[];
  /** 'glb' (default): one binary file; 'gltf': JSON plus one .bin (and its images, see `images`). */
  container?: 'glb' | 'gltf';
  /**
   * For 'gltf': 'files' (default) names each image `<bin name>.<texture>.png`, returned in
   * `gltf.images` to write beside the JSON; 'embedded' puts them in the JSON as data URIs.
   */
  images?: GltfImages;
  /** The .bin's file name for 'gltf'. Default 'gameanim.bin'. */
  binName?: string;
  /** Key times that repeat or go back: nudged 0.1 ms past the previous key (default), or dropped. */
  repeatedTimes?: RepeatPolicy;
  /**
   * 'y-up' (the default): the scene stands upright in glTF's Y up, turned by one root node (the keys
   * and the mesh are the game's). 'game' (or its old name 'z-up') keeps the games' Z up, as stored.
   */
  axes?: 'y-up' | 'game' | 'z-up';
  /** Clips whose rotations use squad (IGI 2) are resampled at this rate, in Hz. Default 60. */
  resampleRate?: number;
  /**
   * Textures for the model's materials (a `TXDReader`'s `textures`): each material that names one
   * gets it as its base colour, embedded as PNG, encoded by `encodePng`.
   */
  textures?: readonly ExportTexture[];
  /**
   * The PNG encoder for `textures` (fast-png's `encode` fits). Default: fast-png, an optional peer
   * dependency, imported when textures are given; pass one to choose the encoder or bundle it.
   */
  encodePng?: EncodePng;
  /**
   * Called once per clip, in order, after it is converted (written, or left out with a warning):
   * converting the clips is most of an export's time, so a caller can show progress with it.
   */
  onClip?: (clip: SkeletalClip, index: number) => void;
}

/** What `exportGltf` wrote: the .glb or the .gltf files, the animations and textures it holds, and the warnings. */
export interface ExportGltfResult {
  /** The .glb, for 'glb'. */
  glb: Uint8Array | null;
  /** The .gltf JSON, its .bin and its image files, for 'gltf'. */
  gltf: GltfFiles | null;
  /** What the export changed to satisfy glTF: one warning per policy that applied, with counts. */
  warnings: GltfWarning[];
  /** The names of the clips written as animations, in order (a clip that drives nothing is left out, with a warning). */
  animations: string[];
  /** The names of the textures written, in order (each once, however many materials use it). */
  textures: string[];
  /** The rotation samples resampling made (squad clips) and the most the clips' keys allowed. */
  work: { samples: number; limit: number };
}

/** A root node that turns Z-up content to glTF's Y up: -90 degrees about X. */
const Z_TO_Y = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2] as const;

/**
 * A glTF document of a skeleton in rest pose, the model's skinned meshes when there is a model, and
 * one animation per clip. IFP and ANM2 keys are written as stored (LINEAR samplers, no resampling);
 * IGI 2 rotations, which interpolate with squad, are resampled at 60 Hz. The bytes are the same for
 * the same input. Built with glTF-Transform (an optional peer dependency).
 */
export async function exportGltf(options: ExportGltfOptions): Promise<ExportGltfResult> {
  const skeleton = options.skeleton ?? (options.model ? options.model.skeleton : skeletonFromTracks(options.clips));
  if (!skeleton) throw new ArgumentError('missing-data', 'exportGltf needs a skeleton: a model with one, or the skeleton option');
  const warnings: GltfWarning[] = [];
  const doc = new Document();
  doc.getRoot().getAsset().generator = GAMEANIM_GENERATOR;
  const buffer = doc.createBuffer('gameanim').setURI(options.binName ?? 'gameanim.bin');
  const scene = doc.createScene('gameanim');
  doc.getRoot().setDefaultScene(scene);

  const place = (roots: Node[]): Node | null => {
    if ((options.axes ?? 'y-up') !== 'y-up') return (roots.forEach((root) => scene.addChild(root)), null);
    const axes = uprightNode(doc);
    roots.forEach((root) => axes.addChild(root));
    scene.addChild(axes);
    return axes;
  };
  const { bones, extraNode } = await addModelNodes(doc, buffer, scene, place, skeleton, options, warnings);

  const tally = newTally();
  // Resampling is the one step whose output is not the keys as stored: its samples are bounded by the keys.
  const budget = new WorkBudget('GLTF', EXPORT_BASE_SAMPLES + EXPORT_SAMPLES_PER_KEY * rotationKeyCount(options.clips), 'rotation samples');
  const skipped: string[] = [];
  const animations: string[] = [];
  options.clips.forEach((clip, index) => {
    // glTF forbids an animation without channels: a clip that drives no bone of this skeleton is left out.
    // (Nor one whose every key glTF cannot hold.)
    if (addAnimation(doc, buffer, bones, extraNode, skeleton, clip, options, tally, budget)) animations.push(clip.name);
    else skipped.push(clip.name || '(unnamed)');
    options.onClip?.(clip, index);
  });
  if (skipped.length) {
    const [drive, have, were] = skipped.length === 1 ? ['drives', 'has', 'was'] : ['drive', 'have', 'were'];
    const message = `${countText(skipped.length, 'clip')} ${drive} no bone of the skeleton, or ${have} no key glTF can hold, and ${were} left out: ${skipped.slice(0, 5).join(', ')}`;
    warnings.push({ code: 'skipped-clips', message });
  }
  tallyWarnings(tally, options, warnings);

  // A skeleton without meshes or keys has no binary data: glTF forbids an empty buffer.
  if (doc.getRoot().listAccessors().length === 0) buffer.dispose();
  const io = new WebIO();
  const textures = doc
    .getRoot()
    .listTextures()
    .map((texture) => texture.getName());
  const work = { samples: budget.spent, limit: budget.limit };
  if (options.container === 'gltf') {
    return {
      glb: null,
      gltf: await writeGltfFiles(io, doc, options.binName ?? 'gameanim.bin', options.images ?? 'files'),
      warnings,
      animations,
      textures,
      work,
    };
  }
  return { glb: await io.writeBinary(doc), gltf: null, warnings, animations, textures, work };
}

/** @internal The options a model's nodes take: its meshes, their textures and the PNG encoder. */
export type ModelNodeOptions = Pick<ExportGltfOptions, 'model' | 'textures' | 'encodePng'>;

/** @internal The root node that turns Z-up content to glTF's Y up. */
export function uprightNode(doc: Document): Node {
  return doc.createNode('z-up-to-y-up').setRotation([...Z_TO_Y]);
}

/** @internal
 * A skeleton's bone nodes in rest pose, their roots placed by `place` (which returns the node that
 * takes the nodes of tracks driving no bone, or null for the scene), the model's meshes on them, and
 * a maker of those track nodes; the meshes' repairs go to `warnings`.
 */
export async function addModelNodes(
  doc: Document,
  buffer: Buffer,
  scene: Scene,
  place: (roots: Node[]) => Node | null,
  skeleton: Skeleton,
  options: ModelNodeOptions,
  warnings: GltfWarning[],
): Promise<{ bones: Node[]; extraNode: ExtraNode }> {
  const bones = skeleton.names.map((name, i) => {
    const node = doc.createNode(boneNodeName(name, i));
    node.setTranslation(Array.from(skeleton.restTranslations.subarray(3 * i, 3 * i + 3)) as [number, number, number]);
    node.setRotation(Array.from(skeleton.restRotations.subarray(4 * i, 4 * i + 4)) as [number, number, number, number]);
    node.setExtras({ gameanimBone: i, hanimId: skeleton.ids[i] });
    return node;
  });
  const roots: Node[] = [];
  bones.forEach((node, i) => {
    const parent = skeleton.parents[i]!;
    if (parent >= 0) bones[parent]!.addChild(node);
    else roots.push(node);
  });
  const extraParent = place(roots);
  // Tracks that drive no bone (SA's "...Nub" tracks) go out as nodes of their own beside the skeleton,
  // outside the skin, so they survive a round trip; one node per track name across the clips.
  const extras = new Map<string, Node>();
  const extraNode = (name: string, boneId: number, occurrence: number): Node => {
    // The n-th track of one name in a clip gets the n-th node of that name: one channel per path and node.
    const key = `${name.trim().toLowerCase()}#${boneId}#${occurrence}`;
    let node = extras.get(key);
    if (!node) {
      node = doc.createNode(name.trim() || 'track').setExtras({ gameanimTrack: name, trackBoneId: boneId });
      if (extraParent) extraParent.addChild(node);
      else scene.addChild(node);
      extras.set(key, node);
    }
    return node;
  };

  const geometries = (options.model?.geometries ?? []).filter((g) => g.vertexCount > 0 && g.indices.length > 0);
  if (geometries.length) {
    // Given textures, a material whose texture is not among them is worth a word: it goes out untextured.
    const missing = new Map<string, number>();
    const binder = options.textures?.length ? textureBinder(doc, options.textures, options.encodePng ?? (await loadPngEncoder())) : null;
    const bindTexture = (material: Material, name: string | null) => {
      const bound = binder?.(material, name) ?? false;
      if (binder && !bound && name !== null) missing.set(name, (missing.get(name) ?? 0) + 1);
      return bound;
    };
    const { fixedNormals, repairedVertices, repairedJoints, droppedTriangles } = addMeshes(
      doc,
      buffer,
      scene,
      bones,
      skeleton,
      geometries,
      bindTexture,
      options.model?.boneOfFrame,
    );
    if (repairedVertices)
      warnings.push({
        code: 'repaired-vertices',
        message: `${repairedVertices} NaN or infinite vertex positions or texture coordinates were set to 0 (glTF cannot hold them)`,
      });
    if (repairedJoints)
      warnings.push({
        code: 'repaired-joints',
        message: `${repairedJoints} skin weights named a bone the skeleton lacks, or were not finite; they were set to 0 and the vertex's weights renormalised`,
      });
    if (droppedTriangles)
      warnings.push({
        code: 'dropped-triangles',
        message: `${droppedTriangles} triangles named a vertex the mesh does not have (or were cut short) and were left out (glTF indices must name vertices)`,
      });
    if (missing.size)
      warnings.push({
        code: 'missing-textures',
        message: `${[...missing.values()].reduce((a, b) => a + b, 0)} materials name a texture the dictionaries lack and are untextured: ${[...missing.keys()].slice(0, 10).join(', ')}${missing.size > 10 ? ', ...' : ''}`,
      });
    if (fixedNormals)
      warnings.push({
        code: 'normalised-normals',
        message: `${fixedNormals} vertex normals were not unit length; they were normalised (glTF needs unit normals; a zero normal became +Z)`,
      });
  }

  return { bones, extraNode };
}

/** @internal A node for a track that drives no bone: one per name, bone id and occurrence. */
export type ExtraNode = (name: string, boneId: number, occurrence: number) => Node;

/** @internal The counts the animations' repairs keep, for one warning per policy. */
export function newTally(): Tally {
  return {
    nudged: 0,
    dropped: 0,
    nonFinite: 0,
    normalised: 0,
    shifted: 0,
    shiftedBy: 0,
    resampled: 0,
    durations: [],
    unmatched: new Set<string>(),
    timeAccessors: new Map<number, Array<{ times: Float32Array; accessor: Accessor }>>(),
  };
}

/** @internal One warning per repair the animations needed, with its count. */
export function tallyWarnings(tally: Tally, options: Pick<ExportGltfOptions, 'resampleRate'>, warnings: GltfWarning[]): void {
  if (tally.nudged)
    warnings.push({
      code: 'nudged-times',
      message: `${tally.nudged} key times repeated or went back; each was moved 0.1 ms past the key before it (glTF needs strictly increasing times)`,
    });
  if (tally.nonFinite)
    warnings.push({
      code: 'non-finite-keys',
      message: `${tally.nonFinite} keys with a NaN or infinite time or value were left out (glTF cannot hold them)`,
    });
  if (tally.dropped)
    warnings.push({
      code: 'dropped-times',
      message: `${tally.dropped} keys whose time repeated or went back were dropped (glTF needs strictly increasing times)`,
    });
  if (tally.shifted)
    warnings.push({
      code: 'shifted-times',
      message: `${countText(tally.shifted, 'clip')} had negative key times; their keys were shifted later by up to ${float32Text(Math.fround(tally.shiftedBy))} s (recorded in the animation's extras: import shifts them back)`,
    });
  if (tally.normalised)
    warnings.push({
      code: 'normalised-rotations',
      message: `${tally.normalised} rotation keys were not unit length; they were normalised (glTF needs unit quaternions)`,
    });
  if (tally.resampled)
    warnings.push({
      code: 'resampled',
      message: `${tally.resampled} clips interpolate with squad (IGI 2); their rotations were resampled at ${options.resampleRate ?? 60} Hz for glTF's LINEAR samplers`,
    });
  if (tally.durations.length)
    warnings.push({
      code: 'duration-from-keys',
      message: `${tally.durations.length} clips have a duration in their header that their keys do not end at; they were resampled to where the keys end (first: ${tally.durations[0]})`,
    });
  if (tally.unmatched.size)
    warnings.push({
      code: 'unmatched-tracks',
      message: `tracks that drive no bone of the skeleton were written as nodes of their own, outside the skin: ${[...tally.unmatched].slice(0, 10).join(', ')}${tally.unmatched.size > 10 ? ', ...' : ''}`,
    });
}

/** Node names: the bone name trimmed (' Pelvis' -> 'Pelvis'), as three.js and Blender show them; bone<i> when empty. */
export function boneNodeName(name: string, index: number): string {
  return name.trim() || `bone${index}`;
}

/** @internal */
export type Tally = {
  nudged: number;
  dropped: number;
  nonFinite: number;
  normalised: number;
  shifted: number;
  shiftedBy: number;
  resampled: number;
  durations: string[];
  unmatched: Set<string>;
  timeAccessors: Map<number, Array<{ times: Float32Array; accessor: Accessor }>>;
};

/**
 * One input accessor per distinct run of key times in the document: a clip's tracks mostly share
 * their times, and a bone's rotation and translation channels always do. Each property glTF-Transform
 * creates costs an event dispatch, which was most of an export's time.
 */
function timesAccessor(doc: Document, buffer: Buffer, times: Float32Array, tally: Tally): Accessor {
  const bits = new Uint32Array(times.buffer, times.byteOffset, times.length);
  let hash = times.length;
  for (let i = 0; i < bits.length; i++) hash = Math.imul(hash ^ bits[i]!, 0x01000193) >>> 0;
  const candidates = tally.timeAccessors.get(hash) ?? [];
  for (const candidate of candidates) {
    const other = candidate.times;
    if (other.length === times.length && other.every((t, i) => Object.is(t, times[i]))) return candidate.accessor;
  }
  const created = accessor(doc, buffer, 'SCALAR', times);
  candidates.push({ times, accessor: created });
  tally.timeAccessors.set(hash, candidates);
  return created;
}

/** @internal
 * Adds the clip as an animation, or its channels to `into` (a scene's one animation); false (and
 * nothing added) when it would have no channel.
 */
export function addAnimation(
  doc: Document,
  buffer: Buffer,
  bones: Node[],
  extraNode: ExtraNode,
  skeleton: Skeleton,
  clip: SkeletalClip,
  options: Pick<ExportGltfOptions, 'repeatedTimes' | 'resampleRate'>,
  tally: Tally,
  budget: WorkBudget,
  into?: Animation,
): boolean {
  const bound = bindClip(clip, skeleton);
  if (bound.restBones.length === skeleton.boneCount) return false;
  bound.unmatchedTracks.forEach((name) => tally.unmatched.add(name));
  const tracks = clipTracks(clip).tracks;
  const squad = tracks.some((t) => t.inTangents || t.outTangents);
  // One shift for the whole clip keeps its channels in step.
  let earliest = 0;
  for (const track of tracks) {
    // Any kept key may come first once others are dropped, so the earliest finite time sets the shift.
    for (const times of [track.times, track.translationTimes])
      for (const t of times ?? []) if (Number.isFinite(t)) earliest = Math.min(earliest, t);
  }
  const shift = earliest < 0 ? -earliest : 0;
  if (shift) {
    tally.shifted++;
    tally.shiftedBy = Math.max(tally.shiftedBy, shift);
  }
  const animation = into ?? doc.createAnimation(clip.name || 'clip');
  const before = animation.listChannels().length;
  // Recorded, so that import puts the keys back where they were (a scene's shared animation keeps none).
  if (shift && !into) animation.setExtras({ [TIME_SHIFT_EXTRA]: shift });
  const channel = (target: Node, path: 'rotation' | 'translation', times: Float32Array, values: Float32Array) => {
    if (times.length === 0) return;
    const sampler = doc
      .createAnimationSampler()
      .setInput(timesAccessor(doc, buffer, times, tally))
      .setOutput(accessor(doc, buffer, path === 'rotation' ? 'VEC4' : 'VEC3', values)); // LINEAR, the default
    animation.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(target).setTargetPath(path).setSampler(sampler));
  };
  const policy = options.repeatedTimes ?? 'nudge';
  let resampled: ReturnType<typeof resampleRotations> | null = null;
  if (squad) {
    const { end, header } = keysDuration(clip);
    if (Math.fround(end) !== Math.fround(header))
      tally.durations.push(
        `"${clip.name}": the header says ${float32Text(Math.fround(header))} s, the keys end at ${float32Text(Math.fround(end))} s`,
      );
    resampled = resampleRotations(clip, options.resampleRate ?? 60, end, tracks.length, budget);
    tally.resampled++;
  }
  // On a frame-bound model a track's translation is an offset from its frame's position: written as the position it gives.
  const restOf = (bone: number) =>
    skeleton.trackTranslations === 'offset' ? skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3) : null;
  const addTrack = (trackIndex: number, target: Node, rest: ArrayLike<number> | null = null) => {
    const track = tracks[trackIndex]!;
    if (resampled) {
      channel(
        target,
        'rotation',
        Float32Array.from(resampled.times, (t) => Math.fround(t + shift)),
        resampled.rotations[trackIndex]!,
      );
    } else {
      const fixed = fixTimes(track.times, shift, policy, tally, [track.rotations]);
      channel(target, 'rotation', fixed.times, unitKeys(track.rotations, fixed.keep, tally));
    }
    if (track.translations) {
      const fixed = fixTimes(track.translationTimes ?? track.times, shift, policy, tally, [track.translations]);
      const values = pick(track.translations, fixed.keep, 3);
      channel(target, 'translation', fixed.times, rest ? offsetFromRest(values, rest) : values);
    }
  };
  bound.trackOfBone.forEach((trackIndex, bone) => {
    if (trackIndex >= 0) addTrack(trackIndex, bones[bone]!, restOf(bone));
  });
  const bindsABone = new Set(bound.trackOfBone);
  const seen = new Map<string, number>();
  clip.tracks.forEach((track, index) => {
    if (bindsABone.has(index)) return;
    const key = `${track.boneName.trim().toLowerCase()}#${track.boneId}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    addTrack(index, extraNode(track.boneName, track.boneId, occurrence));
  });
  if (animation.listChannels().length > before) return true;
  if (!into) animation.dispose();
  return false;
}

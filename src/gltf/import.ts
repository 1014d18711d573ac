import type { AnimationSampler, Node } from '@gltf-transform/core';
import { readGltfDocument, type GltfResources } from './gltf-input.js';
import type { Skeleton } from '../core/skeleton.js';
import { float32Text } from '../core/float32.js';
import { countText } from '../core/names.js';
import { WorkBudget } from '../core/work-budget.js';
import type { IFPFormat, PackageData, TrackData } from '../ifp/types.js';
import { firstKeyThatDoesNotCompress } from '../ifp/writer.js';
import { curveOf, evaluate, gridTimes, unionTimes, type Curve } from './curves.js';
import { dropBakedRest, holdsRest, type NodeCurves } from './exporter-bake.js';
import { everyGridFrame, offGridWarning, onGrid, samplingRate } from './exporter-sampling.js';
import { GAMEANIM_GENERATOR, TIME_SHIFT_EXTRA, type GltfWarning } from './policies.js';
import { likeOriginal } from './like.js';
import { nodeTree } from './node-tree.js';
import { boundedGltfTransform } from './property-bounds.js';
import { angleBetween, dot4, reduceKeys } from './reduce-keys.js';
import { otherSkeletonWarning } from './skeleton-match.js';
import { prepareJointMapping, type JointMapping, type NodeSampler } from './joint-mapping.js';
import { fromArray, identity, type Matrix } from './spaces.js';

/**
 * How `importGltf` reads: the skeleton the clips are for, the files a JSON .gltf names, and how the keys are stored (layout, rate,
 * tolerance, or like an original package).
 */
export interface ImportGltfOptions {
  /**
   * For a JSON .gltf: the files its buffers and images name (its .bin and PNGs), by URI; data: URIs
   * need nothing. Without it a .gltf can only be read when everything is inside it.
   */
  resources?: GltfResources;
  /** The skeleton the clips were made for: glTF nodes map to its bones by name, then by the HAnim id the export records. */
  skeleton: Skeleton;
  /** The IFP variant the packages are for. Default 'ANP3'. */
  format?: IFPFormat;
  /** ANP3/ANP2: int16 frames (types 3 and 4, as the games' own files) or floats (1 and 2). Default true. */
  compressed?: boolean;
  /** The package name. Default 'gameanim'. */
  packageName?: string;
  /** STEP and CUBICSPLINE samplers are resampled at this rate, in Hz. Default 60. */
  resampleRate?: number;
  /**
   * How far a key dropped from an exporter's sampling may be from what interpolation gives: per bone,
   * local to its parent. Default 0.05 degrees, 0.1 mm.
   */
  tolerance?: { degrees?: number; metres?: number };
  /**
   * The packages the clips came from (`new IFPReader(original).packages`): each imported animation
   * with a namesake there takes back its package name, driven-bone set and key types, which a round
   * trip through another tool's default settings does not keep; its duration stays the glTF's, and an
   * animation new to the original is kept, in the original's first package. A `like-original`
   * warning says what was taken.
   */
  like?: readonly PackageData[];
}

/** What `importGltf` read: packages for `writeIFP`, and the warnings. */
export interface ImportGltfResult {
  /** For `writeIFP(packages, { format })`. */
  packages: PackageData[];
  warnings: GltfWarning[];
  /** The samples the import produced (key lookups, resampled frames, bones posed) and the most its input allowed. */
  work: { samples: number; limit: number };
}

/**
 * The samples an import may produce: a fixed allowance (a few seconds of a real clip's work) plus
 * this many per input byte, which real exports use a fraction of (a Blender export at 24 fps,
 * regridded and reduced, about 10 at worst).
 */
export const IMPORT_SAMPLES_PER_BYTE = 32;
export const IMPORT_BASE_SAMPLES = 1_000_000;
/** What posing one bone counts as, in samples: measured, it costs about 25 key lookups. */
const POSE_SAMPLES_PER_BONE = 25;

/**
 * Reads the animations of a glTF (from gameanim or any other tool) as IFP packages: `bytes` is a
 * binary .glb, or a JSON .gltf whose .bin and images `options.resources` gives. Each animation
 * becomes one IFP animation with a track for every bone it has a channel for, constant or not:
 * rotations (and translations, as KRT0, where a bone has a translation channel) at the union of its
 * key times. LINEAR keys come through as they are; STEP and CUBICSPLINE samplers are resampled at
 * 60 Hz. An exporter's sampling (Blender's default) is undone as far as it can be: keys off the 60 Hz
 * grid are put back on it, sampled keys are reduced within `tolerance`, and channels of a bake that
 * only hold a bone at its rest are left out. The warnings say what was done.
 */
export async function importGltf(bytes: Uint8Array, options: ImportGltfOptions): Promise<ImportGltfResult> {
  const { skeleton } = options;
  const { doc, bytes: inputBytes, generator } = await readGltfDocument(boundedGltfTransform(bytes.length), bytes, options.resources);
  const warnings: GltfWarning[] = [];
  const rate = options.resampleRate ?? 60;
  const format = options.format ?? 'ANP3';
  const compressed = format !== 'ANPK' && (options.compressed ?? true);
  const tolerance = { degrees: options.tolerance?.degrees ?? 0.05, metres: options.tolerance?.metres ?? 1e-4 };
  const root = doc.getRoot();
  // gameanim's own export holds each clip's keys as stored, whatever their spacing (GTA III's 30 fps
  // clips, keys off the 60 Hz grid, three keys at one time): never an exporter's sampling or bake.
  const ownExport = generator === GAMEANIM_GENERATOR;
  const nodeOfBone: (Node | null)[] = new Array(skeleton.boneCount).fill(null);
  const boneOfNode = new Map<Node, number>();
  for (const node of root.listNodes()) {
    const bone = boneOf(node, skeleton);
    if (bone >= 0 && !nodeOfBone[bone]) {
      nodeOfBone[bone] = node;
      boneOfNode.set(node, bone);
    }
  }
  const inverseBinds = new Map<Node, Matrix>();
  for (const skin of root.listSkins()) {
    const binds = skin.getInverseBindMatrices()?.getArray();
    skin.listJoints().forEach((joint, j) => {
      if (!inverseBinds.has(joint)) inverseBinds.set(joint, binds && binds.length >= 16 * (j + 1) ? fromArray(binds, 16 * j) : identity());
    });
  }
  // One budget of work for the whole file, which its size justifies, charged before each piece is done.
  const budget = new WorkBudget('GLTF', IMPORT_BASE_SAMPLES + IMPORT_SAMPLES_PER_BYTE * inputBytes, 'samples');
  const tree = nodeTree(root.listNodes(), boneOfNode.keys(), budget);
  const translated = new Set(
    root.listAnimations().flatMap((a) =>
      a
        .listChannels()
        .filter((c) => c.getTargetPath() === 'translation')
        .map((c) => c.getTargetNode()!),
    ),
  );
  const mapping = prepareJointMapping(skeleton, nodeOfBone, inverseBinds, tree, translated);
  const otherSkeleton = otherSkeletonWarning(skeleton, nodeOfBone, [...inverseBinds.keys()], boneOfNode, mapping.worstFit);
  if (otherSkeleton) warnings.push(otherSkeleton);
  // A pose carries every bone (a polar decomposition and a few matrix products each, about as much
  // work as 25 key lookups) and samples every node on the way to a matched one.
  const poseCost = POSE_SAMPLES_PER_BONE * skeleton.boneCount + tree.posedNodes;
  const copies = new Map<AnimationSampler, Curve | null>();
  const unmatched = new Set<string>();
  let resampled = 0;
  const offGrid = { from: 0, to: 0, animations: [] as Array<{ name: string; rate: number | null }> };
  const onGridSampled = { from: 0, to: 0 };
  const bakedRest: string[] = [];
  const extraTracks = new Set<string>();
  const floatTracks: string[] = [];
  let shiftedBack = 0;
  const animations = root.listAnimations().map((animation, a) => {
    const name = animation.getName() || `animation${a}`;
    const curves = new Map<Node, NodeCurves>();
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      const path = channel.getTargetPath();
      if (!node || (path !== 'rotation' && path !== 'translation' && path !== 'scale')) continue;
      const curve = curveOf(channel, path === 'rotation' ? 4 : 3, copies, budget);
      if (!curve) continue;
      if (curve.interpolation !== 'LINEAR') resampled++;
      curves.set(node, { ...curves.get(node), [path]: curve });
    }
    const bake = ownExport ? { bake: false, dropped: [] } : dropBakedRest(curves, [...boneOfNode.keys()]);
    bakedRest.push(...bake.dropped.map((channel) => `${name}/${channel}`));
    let offGridRate: number | null | undefined;
    const sample: NodeSampler = (node, time) => {
      const own = curves.get(node);
      if (!own) return {};
      const at = Float32Array.of(time);
      return {
        rotation: own.rotation && evaluate(own.rotation, at, budget),
        translation: own.translation && evaluate(own.translation, at, budget),
        scale: own.scale && evaluate(own.scale, at, budget),
      };
    };
    const poses = new Map<number, ReturnType<JointMapping['localPose']>>();
    const poseAt = (time: number) => {
      let pose = poses.get(time);
      if (!pose) poses.set(time, (pose = mapping.localPose(time, sample)));
      return pose;
    };
    const bones: TrackData[] = [];
    nodeOfBone.forEach((node, bone) => {
      const own = node && curves.get(node);
      if (!own) return;
      const boneName = skeleton.names[bone]!;
      const where = `animation "${name}", bone "${boneName.trim()}"`;
      let times = unionTimes([own.rotation, own.translation, own.scale], rate, budget, where);
      // Keys off the games' 60 Hz grid come from an exporter's own sampling (Blender's 24 fps):
      // put them back on the grid. Those and keys at every 60 Hz frame (Blender at 60 fps) are a
      // sampling, of which only the keys the error bound needs are kept.
      const regrid = !ownExport && !times.every(onGrid);
      if (regrid) {
        offGridRate ??= samplingRate(times);
        times = gridTimes(times[0]!, times[times.length - 1]!, budget, where);
      }
      const sampled =
        regrid ||
        (!ownExport &&
          everyGridFrame(times) &&
          [own.rotation, own.translation, own.scale].every((curve) => !curve || curve.interpolation === 'LINEAR'));
      // Every pose this bone needs that no bone before it made, charged before any is made.
      let fresh = 0;
      for (const time of times) if (!poses.has(time)) fresh++;
      budget.charge(fresh * poseCost, `${where}: posing the skeleton at ${fresh} more times`);
      const rotations = new Float32Array(4 * times.length);
      const translations = new Float32Array(3 * times.length);
      times.forEach((time, k) => {
        const pose = poseAt(time);
        for (let c = 0; c < 4; c++) rotations[4 * k + c] = pose.rotations[4 * bone + c]!;
        for (let c = 0; c < 3; c++) translations[3 * k + c] = pose.translations[3 * bone + c]!;
        // The file's own sign where the joint is oriented as the game's bone (an export of gameanim's
        // round-trips key for key); elsewhere one hemisphere from key to key, the short way round.
        const stored = own.rotation ? evaluate(own.rotation, Float32Array.of(time), budget) : null;
        const agreement = stored ? dot4(rotations, 4 * k, stored, 0) : 0;
        const flip = Math.abs(agreement) > 0.5 ? agreement < 0 : k > 0 && dot4(rotations, 4 * k, rotations, 4 * (k - 1)) < 0;
        if (flip) for (let c = 0; c < 4; c++) rotations[4 * k + c] = -rotations[4 * k + c]!;
        // Where the stored value already is the game's rotation (within float noise), take it exactly.
        if (stored && angleBetween(rotations, 4 * k, stored, 0) < 1e-6) rotations.set(stored, 4 * k);
        const storedT = own.translation ? evaluate(own.translation, Float32Array.of(time), budget) : null;
        if (
          storedT &&
          Math.hypot(storedT[0]! - translations[3 * k]!, storedT[1]! - translations[3 * k + 1]!, storedT[2]! - translations[3 * k + 2]!) <
            1e-6
        )
          translations.set(storedT, 3 * k);
      });
      const restT = skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3);
      // A bake's channel that holds the bone at its game rest is the exporter's, not the clip's.
      const bakedT = bake.bake && own.translation !== undefined && holdsRest(translations, restT);
      if (bake.bake && (!own.translation || bakedT) && holdsRest(rotations, skeleton.restRotations.subarray(4 * bone, 4 * bone + 4))) {
        bakedRest.push(`${name}/${node.getName()}`);
        return;
      }
      if (bakedT) bakedRest.push(`${name}/${node.getName()}.translation`);
      // On a frame-bound model (a GTA III ped) a track's translation is added to its frame's position.
      if (skeleton.trackTranslations === 'offset') subtractRest(translations, restT);
      // Any other channel is a track, constant or not; a translation channel makes it KRT0.
      const moves = own.translation !== undefined && !bakedT;
      let track: TrackData = {
        boneName,
        boneId: skeleton.ids[bone]!,
        keyframeType: moves ? 'KRT0' : 'KR00',
        compressed,
        times,
        rotations,
        translations: moves ? translations : null,
        scales: null,
      };
      if (sampled) {
        const tally = regrid ? offGrid : onGridSampled;
        tally.from += times.length;
        track = reduceKeys(track, tolerance, budget, where);
        tally.to += track.times.length;
      }
      bones.push(track);
    });
    // Animated nodes that are no bone, no joint and no mesh: tracks the skeleton lacks (SA's "...Nub"
    // tracks), exported beside the skin. They come back as stored, local to their node's parent, with
    // a clip that drives some bone (a file of another rig brings no tracks of its own).
    const drivesABone = bones.length > 0;
    for (const [node, own] of curves) {
      if (boneOfNode.has(node)) continue;
      if (!drivesABone) {
        unmatched.add(node.getName());
        continue;
      }
      const extras = node.getExtras() as { gameanimTrack?: unknown; trackBoneId?: unknown };
      if (inverseBinds.has(node) || node.getMesh() || (!own.rotation && !own.translation)) {
        unmatched.add(node.getName());
        continue;
      }
      const boneName = typeof extras.gameanimTrack === 'string' ? extras.gameanimTrack : node.getName();
      const times = unionTimes([own.rotation, own.translation], rate, budget, `animation "${name}", node "${node.getName()}"`);
      const rotations = own.rotation
        ? evaluate(own.rotation, times, budget)
        : Float32Array.from({ length: 4 * times.length }, (_, i) => node.getRotation()[i % 4]!);
      bones.push({
        boneName,
        boneId: typeof extras.trackBoneId === 'number' ? extras.trackBoneId : -1,
        keyframeType: own.translation ? 'KRT0' : 'KR00',
        compressed,
        times,
        rotations,
        translations: own.translation ? evaluate(own.translation, times, budget) : null,
        scales: null,
      });
      extraTracks.add(boneName.trim());
    }
    if (offGridRate !== undefined) offGrid.animations.push({ name, rate: offGridRate });
    // An export shifted a clip with negative key times later, and recorded by how much: shifted back.
    const shift = (animation.getExtras() as Record<string, unknown>)[TIME_SHIFT_EXTRA];
    if (typeof shift === 'number' && Number.isFinite(shift) && shift > 0) {
      for (const track of bones) track.times = track.times.map((t) => Math.fround(t - shift));
      shiftedBack++;
    }
    return { name, bones };
  });
  if (extraTracks.size)
    warnings.push({
      code: 'extra-tracks',
      message: `${extraTracks.size} animated nodes match no bone of the skeleton and were kept as tracks of their own, as stored (first: ${[...extraTracks][0]})`,
    });
  const packages = options.like
    ? likeOriginal([{ name: options.packageName ?? 'gameanim', animations }], options.like, warnings)
    : [{ name: options.packageName ?? 'gameanim', animations }];
  // Keys int16 frames cannot hold (546 s or later, 32 m or more, NaN) keep their float frames.
  for (const animation of packages.flatMap((pkg) => pkg.animations)) {
    for (const track of animation.bones) {
      const misfit = track.compressed ? firstKeyThatDoesNotCompress(track) : null;
      if (misfit) {
        track.compressed = false;
        floatTracks.push(`${animation.name}/${track.boneName.trim()} at ${float32Text(misfit.time)} s`);
      }
    }
  }
  if (floatTracks.length) {
    const [have, theyAre] = floatTracks.length === 1 ? ['has', 'it is'] : ['have', 'they are'];
    const message = `${countText(floatTracks.length, 'track')} ${have} keys that int16 frames cannot hold, so ${theyAre} written as float frames (first: ${floatTracks[0]})`;
    warnings.push({ code: 'float-frames', message });
  }
  if (shiftedBack)
    warnings.push({
      code: 'shifted-times',
      message: `${countText(shiftedBack, 'animation')} had been shifted later by their export (negative key times); their keys were shifted back as it recorded`,
    });
  if (unmatched.size)
    warnings.push({
      code: 'unmatched-channels',
      message: `channels of nodes that match no bone were left out: ${[...unmatched].slice(0, 10).join(', ')}`,
    });
  if (resampled) warnings.push({ code: 'resampled', message: `${resampled} STEP or CUBICSPLINE samplers were resampled at ${rate} Hz` });
  if (offGrid.animations.length) warnings.push(offGridWarning(offGrid.animations, offGrid, tolerance));
  if (onGridSampled.from)
    warnings.push({
      code: 'reduced-keys',
      message: `keys at every 60 Hz frame (an exporter's sampling) were reduced within ${tolerance.degrees} degrees and ${tolerance.metres} m: ${onGridSampled.from} keys became ${onGridSampled.to}`,
    });
  if (bakedRest.length)
    warnings.push({
      code: 'rest-tracks',
      message: `${bakedRest.length} channels of an exporter's bake (every bone keyed at the same times) only hold their bone at its rest and were left out, as no track of the clip (first: ${bakedRest[0]})`,
    });
  return { packages, warnings, work: { samples: budget.spent, limit: budget.limit } };
}

function subtractRest(translations: Float32Array, rest: ArrayLike<number>): void {
  for (let at = 0; at + 3 <= translations.length; at += 3)
    for (let c = 0; c < 3; c++) translations[at + c] = translations[at + c]! - rest[c]!;
}

/** By name (case and spaces ignored, and underscores as spaces, as tools rename), then by the recorded HAnim id. */
function boneOf(node: Node, skeleton: Skeleton): number {
  const name = node.getName();
  let bone = skeleton.indexOf(name);
  if (bone < 0) bone = skeleton.indexOf(name.replace(/_/g, ' '));
  const id = (node.getExtras() as { hanimId?: unknown }).hanimId;
  if (bone < 0 && typeof id === 'number' && id >= 0) bone = skeleton.indexOf(id);
  return bone;
}

import { ByteCursor } from '../core/byte-cursor.js';
import { WebIO, type AnimationChannel, type Node } from '@gltf-transform/core';
import { DecodeError } from '../core/errors.js';
import type { Skeleton } from '../core/skeleton.js';
import type { IFPFormat, PackageData, TrackData } from '../ifp/types.js';
import { firstKeyThatDoesNotCompress } from '../ifp/writer.js';
import { slerpInto } from '../playback/sample-js.js';
import type { GltfWarning } from './policies.js';
import { likeOriginal } from './like.js';
import { prepareRetarget, type NodeSampler, type Retarget } from './retarget.js';
import { fromArray, identity, type Matrix } from './spaces.js';

export interface ImportGltfOptions {
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
   * How far a dropped key may be from what interpolation gives, and how far from its rest pose a bone
   * may stay and still count as at rest: per bone, local to its parent. Default 0.05 degrees, 0.1 mm.
   */
  tolerance?: { degrees?: number; metres?: number };
  /**
   * The packages the clips came from (`new IFPReader(original).packages`): each imported animation
   * with a namesake there takes back its package name, duration, driven-bone set and key types, which
   * a round trip through another tool's default settings does not keep.
   */
  like?: readonly PackageData[];
}

export interface ImportGltfResult {
  /** For `writeIFP(packages, { format })`. */
  packages: PackageData[];
  warnings: GltfWarning[];
}

interface Curve {
  times: Float32Array;
  values: Float32Array;
  width: 3 | 4;
  interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE';
}

/**
 * Reads the animations of a glTF (from gameanim or any other tool) as IFP packages. Each animation
 * becomes one IFP animation with a track for every bone that moves: rotations (and translations, as
 * KRT0, where a bone has a translation channel) at the union of its key times. LINEAR keys come
 * through as they are; STEP and CUBICSPLINE samplers are resampled at 60 Hz, and the warnings say so.
 */
export async function importGltf(bytes: Uint8Array, options: ImportGltfOptions): Promise<ImportGltfResult> {
  const { skeleton } = options;
  // glTF-Transform views the input's whole ArrayBuffer: give it an exact copy, so nothing beyond the
  // input (a Node Buffer's pool, say) can be read as data, and check what its accessors would allocate.
  const input = new Uint8Array(bytes);
  checkAccessorSizes(input);
  let doc: Awaited<ReturnType<WebIO['readBinary']>>;
  try {
    doc = await new WebIO().readBinary(input);
  } catch (error) {
    throw new DecodeError('GLTF', 'bad-gltf', 0, `not a glTF binary glTF-Transform can read: ${(error as Error).message}`);
  }
  const warnings: GltfWarning[] = [];
  const rate = options.resampleRate ?? 60;
  const format = options.format ?? 'ANP3';
  const compressed = format !== 'ANPK' && (options.compressed ?? true);
  const tolerance = { degrees: options.tolerance?.degrees ?? 0.05, metres: options.tolerance?.metres ?? 1e-4 };
  const root = doc.getRoot();
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
  const retarget = prepareRetarget(skeleton, nodeOfBone, inverseBinds);
  const unmatched = new Set<string>();
  let resampled = 0;
  let reducedFrom = 0, reducedTo = 0;
  const restTracks: string[] = [];
  const extraTracks = new Set<string>();
  // One budget of resampled frames for the whole file, which its size justifies.
  const budget = { frames: Math.max(100_000, bytes.length) };
  const floatTracks: string[] = [];
  const animations = root.listAnimations().map((animation, a) => {
    const name = animation.getName() || `animation${a}`;
    const curves = new Map<Node, Partial<Record<'rotation' | 'translation' | 'scale', Curve>>>();
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      const path = channel.getTargetPath();
      if (!node || (path !== 'rotation' && path !== 'translation' && path !== 'scale')) continue;
      const curve = curveOf(channel, path === 'rotation' ? 4 : 3);
      if (!curve) continue;
      if (curve.interpolation !== 'LINEAR') resampled++;
      curves.set(node, { ...curves.get(node), [path]: curve });
    }
    const sample: NodeSampler = (node, time) => {
      const own = curves.get(node);
      if (!own) return {};
      const at = Float32Array.of(time);
      return { rotation: own.rotation && evaluate(own.rotation, at), translation: own.translation && evaluate(own.translation, at), scale: own.scale && evaluate(own.scale, at) };
    };
    const poses = new Map<number, ReturnType<Retarget['localPose']>>();
    const poseAt = (time: number) => {
      let pose = poses.get(time);
      if (!pose) poses.set(time, (pose = retarget.localPose(time, sample)));
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
      // put them back on the grid, then keep only the keys the error bound needs.
      const offGrid = times.some((t) => Math.abs(t * 60 - Math.round(t * 60)) > 0.01);
      if (offGrid) times = gridTimes(times[0]!, times[times.length - 1]!, budget, where);
      const rotations = new Float32Array(4 * times.length);
      const translations = new Float32Array(3 * times.length);
      times.forEach((time, k) => {
        const pose = poseAt(time);
        for (let c = 0; c < 4; c++) rotations[4 * k + c] = pose.rotations[4 * bone + c]!;
        for (let c = 0; c < 3; c++) translations[3 * k + c] = pose.translations[3 * bone + c]!;
        // The file's own sign where the joint is oriented as the game's bone (an export of gameanim's
        // round-trips key for key); elsewhere one hemisphere from key to key, the short way round.
        const stored = own.rotation ? evaluate(own.rotation, Float32Array.of(time)) : null;
        const agreement = stored ? dot4(rotations, 4 * k, stored, 0) : 0;
        const flip = Math.abs(agreement) > 0.5 ? agreement < 0 : k > 0 && dot4(rotations, 4 * k, rotations, 4 * (k - 1)) < 0;
        if (flip) for (let c = 0; c < 4; c++) rotations[4 * k + c] = -rotations[4 * k + c]!;
        // Where the stored value already is the game's rotation (within float noise), take it exactly.
        if (stored && angleBetween(rotations, 4 * k, stored, 0) < 1e-6) rotations.set(stored, 4 * k);
        const storedT = own.translation ? evaluate(own.translation, Float32Array.of(time)) : null;
        if (storedT && Math.hypot(storedT[0]! - translations[3 * k]!, storedT[1]! - translations[3 * k + 1]!, storedT[2]! - translations[3 * k + 2]!) < 1e-6) translations.set(storedT, 3 * k);
      });
      const rest = skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3);
      const moves = own.translation !== undefined && times.some((_, k) => Math.hypot(translations[3 * k]! - rest[0]!, translations[3 * k + 1]! - rest[1]!, translations[3 * k + 2]! - rest[2]!) > tolerance.metres);
      const restRotation = skeleton.restRotations.subarray(4 * bone, 4 * bone + 4);
      const turns = times.some((_, k) => angleBetween(rotations, 4 * k, restRotation, 0) > (tolerance.degrees * Math.PI) / 180);
      // A bone that stays at its rest pose for the whole clip is not a track: partial clips stay
      // partial (with an original to go by, its driven bones decide instead).
      if (!moves && !turns && !options.like) {
        restTracks.push(`${name}/${boneName.trim()}`);
        return;
      }
      let track: TrackData = { boneName, boneId: skeleton.ids[bone]!, keyframeType: moves ? 'KRT0' : 'KR00', compressed, times, rotations, translations: moves ? translations : null, scales: null };
      if (offGrid) {
        reducedFrom += times.length;
        track = reduceKeys(track, tolerance);
        reducedTo += track.times.length;
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
      const rotations = own.rotation ? evaluate(own.rotation, times) : Float32Array.from({ length: 4 * times.length }, (_, i) => node.getRotation()[i % 4]!);
      bones.push({
        boneName, boneId: typeof extras.trackBoneId === 'number' ? extras.trackBoneId : -1,
        keyframeType: own.translation ? 'KRT0' : 'KR00', compressed, times, rotations,
        translations: own.translation ? evaluate(own.translation, times) : null, scales: null,
      });
      extraTracks.add(boneName.trim());
    }
    return { name, bones };
  });
  if (extraTracks.size) warnings.push({ code: 'extra-tracks', message: `${extraTracks.size} animated nodes match no bone of the skeleton and were kept as tracks of their own, as stored (first: ${[...extraTracks][0]})` });
  const packages = options.like ? likeOriginal([{ name: options.packageName ?? 'gameanim', animations }], options.like, warnings) : [{ name: options.packageName ?? 'gameanim', animations }];
  // Keys int16 frames cannot hold (546 s or later, 32 m or more, NaN) keep their float frames.
  for (const animation of packages.flatMap((pkg) => pkg.animations)) {
    for (const track of animation.bones) {
      const misfit = track.compressed ? firstKeyThatDoesNotCompress(track) : null;
      if (misfit) {
        track.compressed = false;
        floatTracks.push(`${animation.name}/${track.boneName.trim()} at ${misfit.time} s`);
      }
    }
  }
  if (floatTracks.length) warnings.push({ code: 'float-frames', message: `${floatTracks.length} tracks have keys that int16 frames cannot hold, so they are written as float frames (first: ${floatTracks[0]})` });
  if (unmatched.size) warnings.push({ code: 'unmatched-channels', message: `channels of nodes that match no bone were left out: ${[...unmatched].slice(0, 10).join(', ')}` });
  if (resampled) warnings.push({ code: 'resampled', message: `${resampled} STEP or CUBICSPLINE samplers were resampled at ${rate} Hz` });
  if (reducedFrom) warnings.push({ code: 'regridded', message: `keys off the games' 60 Hz grid (an exporter's own sampling) were put back on it and reduced within ${tolerance.degrees} degrees and ${tolerance.metres} m: ${reducedFrom} keys became ${reducedTo}` });
  if (restTracks.length) warnings.push({ code: 'rest-tracks', message: `${restTracks.length} channels hold their bone at its rest pose for the whole clip and were not written as tracks (first: ${restTracks[0]})` });
  return { packages, warnings };
}

const dot4 = (a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number) => a[i]! * b[j]! + a[i + 1]! * b[j + 1]! + a[i + 2]! * b[j + 2]! + a[i + 3]! * b[j + 3]!;

/** The angle between two rotations given as quaternions, in radians. */
function angleBetween(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number): number {
  const length = Math.hypot(a[i]!, a[i + 1]!, a[i + 2]!, a[i + 3]!) * Math.hypot(b[j]!, b[j + 1]!, b[j + 2]!, b[j + 3]!);
  return 2 * Math.acos(Math.min(1, Math.abs(dot4(a, i, b, j)) / (length || 1)));
}

/** Every 1/60 s from the first 60 Hz frame at or before `start` to the first at or after `end`. */
function gridTimes(start: number, end: number, budget: { frames: number }, what: string): Float32Array {
  const first = Math.floor(start * 60 + 0.01);
  const last = Math.ceil(end * 60 - 0.01);
  const frames = last - first + 1;
  if (!(frames <= budget.frames)) throw new DecodeError('GLTF', 'count-exceeds-data', 0, `${what}: putting keys on the 60 Hz grid would make ${frames} frames, more than the ${budget.frames} this file's size still allows (refused)`);
  budget.frames -= frames;
  return Float32Array.from({ length: frames }, (_, k) => Math.fround((first + k) / 60));
}

/**
 * The fewest keys whose interpolation stays within the bound of every key dropped: greedy, each
 * segment as long as it stays within it (at most 240 keys, so the work stays linear).
 */
function reduceKeys(track: TrackData, tolerance: { degrees: number; metres: number }): TrackData {
  const { times, rotations, translations } = track;
  const n = times.length;
  if (n <= 2) return track;
  const maxAngle = (tolerance.degrees * Math.PI) / 180;
  const q = new Float32Array(4);
  const fits = (from: number, to: number) => {
    for (let k = from + 1; k < to; k++) {
      const u = (times[k]! - times[from]!) / (times[to]! - times[from]!);
      slerpInto(rotations, 4 * from, rotations, 4 * to, u, q, 0);
      if (angleBetween(q, 0, rotations, 4 * k) > maxAngle) return false;
      if (translations) {
        let d = 0;
        for (let c = 0; c < 3; c++) d += (translations[3 * from + c]! + (translations[3 * to + c]! - translations[3 * from + c]!) * u - translations[3 * k + c]!) ** 2;
        if (Math.sqrt(d) > tolerance.metres) return false;
      }
    }
    return true;
  };
  const keep = [0];
  let from = 0;
  while (from < n - 1) {
    let to = from + 1;
    while (to + 1 < n && to + 1 - from <= 240 && fits(from, to + 1)) to++;
    keep.push(to);
    from = to;
  }
  const pickKeys = (values: Float32Array, width: number) => Float32Array.from({ length: keep.length * width }, (_, i) => values[width * keep[Math.floor(i / width)]! + (i % width)]!);
  return { ...track, times: pickKeys(times, 1), rotations: pickKeys(rotations, 4), translations: translations ? pickKeys(translations, 3) : null };
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

function curveOf(channel: AnimationChannel, width: 3 | 4): Curve | null {
  const sampler = channel.getSampler();
  const input = sampler?.getInput()?.getArray();
  const output = sampler?.getOutput()?.getArray();
  if (!sampler || !input || !output || input.length === 0) return null;
  return { times: Float32Array.from(input), values: Float32Array.from(output), width, interpolation: sampler.getInterpolation() as Curve['interpolation'] };
}

/**
 * The key times of a bone's curves together: LINEAR keys as they are, other curves at `rate` Hz over
 * their span. Resampling draws on one budget for the whole file (what its size justifies): a curve
 * that would overdraw it is an error naming it.
 */
function unionTimes(curves: Array<Curve | undefined>, rate: number, budget: { frames: number }, what: string): Float32Array {
  const times = new Set<number>();
  for (const curve of curves) {
    if (!curve) continue;
    if (curve.interpolation === 'LINEAR') curve.times.forEach((t) => times.add(t));
    else {
      const start = curve.times[0]!;
      const end = curve.times[curve.times.length - 1]!;
      const frames = (end - start) * rate;
      if (!(frames <= budget.frames)) throw new DecodeError('GLTF', 'count-exceeds-data', 0, `${what}: a sampler spans ${end - start} s; resampling it at ${rate} Hz would make ${Math.ceil(frames)} frames, more than the ${budget.frames} this file's size still allows (refused)`);
      budget.frames -= frames;
      for (let k = 0; start + k / rate < end; k++) times.add(Math.fround(start + k / rate));
      times.add(end);
    }
  }
  return Float32Array.from([...times].sort((a, b) => a - b));
}

/** The curve at each time: slerp or lerp between LINEAR keys, the earlier key for STEP, Hermite for CUBICSPLINE. */
function evaluate(curve: Curve, times: Float32Array): Float32Array {
  const { width, values } = curve;
  const out = new Float32Array(width * times.length);
  const cubic = curve.interpolation === 'CUBICSPLINE';
  const stride = cubic ? 3 * width : width; // CUBICSPLINE stores in-tangent, value, out-tangent per key
  const valueAt = (k: number) => (cubic ? k * stride + width : k * stride);
  const last = curve.times.length - 1;
  let a = 0; // times increase: the key before each one only moves forward
  times.forEach((time, i) => {
    while (a < last && curve.times[a + 1]! <= time) a++;
    const b = Math.min(a + 1, last);
    const t0 = curve.times[a]!;
    const t1 = curve.times[b]!;
    const u = b === a || time <= t0 ? 0 : Math.min(1, (time - t0) / (t1 - t0));
    if (curve.interpolation === 'STEP' || u === 0) {
      out.set(values.subarray(valueAt(a), valueAt(a) + width), width * i);
    } else if (cubic) {
      const dt = t1 - t0;
      const u2 = u * u;
      const u3 = u2 * u;
      const [h00, h10, h01, h11] = [2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u, -2 * u3 + 3 * u2, u3 - u2];
      for (let c = 0; c < width; c++) {
        const p0 = values[valueAt(a) + c]!;
        const m0 = values[a * stride + 2 * width + c]! * dt; // out-tangent of a
        const p1 = values[valueAt(b) + c]!;
        const m1 = values[b * stride + c]! * dt; // in-tangent of b
        out[width * i + c] = h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1;
      }
      if (width === 4) normalise(out, 4 * i);
    } else if (width === 4) {
      slerpInto(values, valueAt(a), values, valueAt(b), u, out, 4 * i);
    } else {
      for (let c = 0; c < 3; c++) out[3 * i + c] = values[valueAt(a) + c]! + (values[valueAt(b) + c]! - values[valueAt(a) + c]!) * u;
    }
  });
  return out;
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
/** Dense arrays an input may make its reader allocate: this many bytes per input byte, plus 1 MiB. */
const ACCESSOR_BYTES_PER_INPUT_BYTE = 16;

/**
 * Reads a GLB's JSON chunk and refuses accessors whose arrays its bytes cannot justify: an accessor
 * without a buffer view (or a sparse one) is allocated whole, zero-filled, by glTF-Transform, so a
 * 468-byte file could ask for gigabytes. Anything this cannot parse is left for glTF-Transform to reject.
 */
function checkAccessorSizes(bytes: Uint8Array): void {
  if (bytes.length < 20) return;
  const cursor = new ByteCursor(bytes, 'GLTF');
  if (cursor.u32At(0) !== 0x46546c67 || cursor.u32At(16) !== 0x4e4f534a) return; // 'glTF', 'JSON'
  const jsonLength = cursor.u32At(12);
  if (jsonLength > bytes.length - 20) return;
  let json: { accessors?: Array<{ count?: unknown; type?: unknown; componentType?: unknown; bufferView?: unknown; sparse?: unknown }> };
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  } catch {
    return;
  }
  const limit = ACCESSOR_BYTES_PER_INPUT_BYTE * bytes.length + (1 << 20);
  let total = 0;
  (Array.isArray(json.accessors) ? json.accessors : []).forEach((accessor, index) => {
    if (accessor.bufferView !== undefined && accessor.sparse === undefined) return; // read from the input's own bytes
    const count = typeof accessor.count === 'number' ? accessor.count : 0;
    const element = (COMPONENT_BYTES[accessor.componentType as number] ?? 4) * (COMPONENTS[accessor.type as string] ?? 16);
    total += Math.max(0, count) * element;
    if (!(total <= limit)) throw new DecodeError('GLTF', 'count-exceeds-data', 20, `accessor ${index} would allocate ${count} elements of ${element} bytes without data in the file: more than a ${bytes.length}-byte file justifies (refused)`);
  });
}

function normalise(q: Float32Array, at: number): void {
  const length = Math.hypot(q[at]!, q[at + 1]!, q[at + 2]!, q[at + 3]!) || 1;
  for (let c = 0; c < 4; c++) q[at + c] = q[at + c]! / length;
}

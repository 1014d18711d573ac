import { WebIO, type AnimationChannel, type Node } from '@gltf-transform/core';
import { DecodeError } from '../core/errors.js';
import type { Skeleton } from '../core/skeleton.js';
import type { IFPFormat, PackageData, TrackData } from '../ifp/types.js';
import { firstKeyThatDoesNotCompress } from '../ifp/writer.js';
import { slerpInto } from '../playback/sample-js.js';
import type { GltfWarning } from './policies.js';

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
  const unmatched = new Set<string>();
  let resampled = 0;
  // One budget of resampled frames for the whole file, which its size justifies.
  const budget = { frames: Math.max(100_000, bytes.length) };
  const floatTracks: string[] = [];
  const animations = doc.getRoot().listAnimations().map((animation, a) => {
    const curves = new Map<number, { rotation?: Curve; translation?: Curve }>();
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      const path = channel.getTargetPath();
      if (!node || (path !== 'rotation' && path !== 'translation')) continue;
      const bone = boneOf(node, skeleton);
      if (bone < 0) {
        unmatched.add(node.getName());
        continue;
      }
      const curve = curveOf(channel, path === 'rotation' ? 4 : 3);
      if (!curve) continue;
      if (curve.interpolation !== 'LINEAR') resampled++;
      const entry = curves.get(bone) ?? {};
      entry[path] = curve;
      curves.set(bone, entry);
    }
    const bones: TrackData[] = [...curves.keys()]
      .sort((x, y) => x - y)
      .map((bone) => {
        const { rotation, translation } = curves.get(bone)!;
        const name = animation.getName() || `animation${a}`;
        const times = unionTimes([rotation, translation], rate, budget, `animation "${name}", bone "${skeleton.names[bone]!.trim()}"`);
        const rest = skeleton.restRotations.subarray(4 * bone, 4 * bone + 4);
        const track: TrackData = {
          boneName: skeleton.names[bone]!,
          boneId: skeleton.ids[bone]!,
          keyframeType: translation ? 'KRT0' : 'KR00',
          compressed,
          times,
          rotations: rotation ? evaluate(rotation, times) : Float32Array.from({ length: 4 * times.length }, (_, i) => rest[i % 4]!),
          translations: translation ? evaluate(translation, times) : null,
          scales: null,
        };
        // Keys int16 frames cannot hold (546 s or later, 32 m or more, NaN) keep their float frames.
        const misfit = compressed ? firstKeyThatDoesNotCompress(track) : null;
        if (misfit) {
          track.compressed = false;
          floatTracks.push(`${name}/${track.boneName.trim()} at ${misfit.time} s`);
        }
        return track;
      });
    return { name: animation.getName() || `animation${a}`, bones };
  });
  if (floatTracks.length) warnings.push({ code: 'float-frames', message: `${floatTracks.length} tracks have keys that int16 frames cannot hold, so they are written as float frames (first: ${floatTracks[0]})` });
  if (unmatched.size) warnings.push({ code: 'unmatched-channels', message: `channels of nodes that match no bone were left out: ${[...unmatched].slice(0, 10).join(', ')}` });
  if (resampled) warnings.push({ code: 'resampled', message: `${resampled} STEP or CUBICSPLINE samplers were resampled at ${rate} Hz` });
  return { packages: [{ name: options.packageName ?? 'gameanim', animations }], warnings };
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
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a) return; // 'glTF', 'JSON'
  const jsonLength = view.getUint32(12, true);
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

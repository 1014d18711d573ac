// A foreign rig as every source reads into it (glTF, FBX, BVH): joints with their rest transforms, and
// clips of keyed channels on them. Joints are whatever nodes the file has, ground and end joints
// included, so each joint's world matrix (units, up axis, an armature's own scale) comes out of the
// hierarchy as the file's own tool evaluates it.
import { compose, multiply, type Matrix } from '../gltf/spaces.js';

export type ChannelPath = 'translation' | 'rotation' | 'scale';

/** One keyed channel of a source clip: the joint, what it moves, and its keys. */
export interface SourceChannel {
  joint: number;
  path: ChannelPath;
  times: Float32Array;
  /** 3 (translation, scale) or 4 (rotation, x y z w) per key. */
  values: Float32Array;
  /** STEP keys hold until the next; every other interpolation is taken as linear between keys. */
  step: boolean;
}

/** One clip of a source rig: its name and channels. */
export interface SourceClip {
  name: string;
  channels: SourceChannel[];
}

/** A foreign rig as every source reads into it: joints with their rest transforms, and clips of keyed channels. */
export interface SourceRig {
  names: string[];
  /** -1 for roots; every parent comes before its children. */
  parents: Int32Array;
  /** x y z per joint. */
  restTranslations: Float64Array;
  /** x y z w per joint. */
  restRotations: Float64Array;
  /** x y z per joint. */
  restScales: Float64Array;
  clips: SourceClip[];
}

/** A clip's first and last key times, and its key rate (the most common spacing), in Hz. */
export function clipTiming(clip: SourceClip): { start: number; end: number; rate: number } {
  let start = Infinity,
    end = -Infinity;
  const spacings = new Map<number, number>();
  for (const channel of clip.channels) {
    const { times } = channel;
    if (!times.length) continue;
    start = Math.min(start, times[0]!);
    end = Math.max(end, times[times.length - 1]!);
    for (let k = 1; k < times.length; k++) {
      const rate = Math.round(1 / (times[k]! - times[k - 1]!));
      if (Number.isFinite(rate) && rate > 0) spacings.set(rate, (spacings.get(rate) ?? 0) + 1);
    }
  }
  if (!(start <= end)) return { start: 0, end: 0, rate: 60 };
  const rate = [...spacings].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 60;
  return { start, end, rate };
}

/** Evaluates a rig at a time of a clip (or at rest, without one): every joint's world matrix. */
export class RigSampler {
  readonly #byJoint: Array<Partial<Record<ChannelPath, SourceChannel>>>;

  constructor(
    readonly rig: SourceRig,
    clip: SourceClip | null,
  ) {
    this.#byJoint = rig.names.map(() => ({}));
    for (const channel of clip?.channels ?? []) if (channel.times.length) this.#byJoint[channel.joint]![channel.path] = channel;
  }

  /** Every joint's world matrix at `time` (seconds; the rest pose for joints the clip does not animate). */
  worlds(time: number): Matrix[] {
    const { rig } = this;
    const worlds: Matrix[] = [];
    for (let j = 0; j < rig.names.length; j++) {
      const own = this.#byJoint[j]!;
      const t = own.translation ? valueAt(own.translation, time) : rig.restTranslations.subarray(3 * j, 3 * j + 3);
      const r = own.rotation ? valueAt(own.rotation, time) : rig.restRotations.subarray(4 * j, 4 * j + 4);
      const s = own.scale ? valueAt(own.scale, time) : rig.restScales.subarray(3 * j, 3 * j + 3);
      const local = compose(t, r, s);
      const parent = rig.parents[j]!;
      worlds.push(parent >= 0 ? multiply(worlds[parent]!, local) : local);
    }
    return worlds;
  }
}

/** A channel's value at a time: clamped at its ends, slerped (rotations) or lerped between keys. */
function valueAt(channel: SourceChannel, time: number): Float64Array {
  const { times, values } = channel;
  const width = channel.path === 'rotation' ? 4 : 3;
  // Binary search for the first key after `time`.
  let a = 0,
    b = times.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (times[mid]! <= time) a = mid + 1;
    else b = mid;
  }
  const hi = Math.min(a, times.length - 1);
  const lo = Math.max(a - 1, 0);
  const out = new Float64Array(width);
  const u = hi === lo || channel.step ? 0 : Math.min(1, Math.max(0, (time - times[lo]!) / (times[hi]! - times[lo]!)));
  if (width === 3) {
    for (let c = 0; c < 3; c++) out[c] = values[3 * lo + c]! + (values[3 * hi + c]! - values[3 * lo + c]!) * u;
    return out;
  }
  let dot = 0;
  for (let c = 0; c < 4; c++) dot += values[4 * lo + c]! * values[4 * hi + c]!;
  const sign = dot < 0 ? -1 : 1;
  const angle = Math.acos(Math.min(1, Math.abs(dot)));
  const wa = angle < 1e-6 ? 1 - u : Math.sin((1 - u) * angle) / Math.sin(angle);
  const wb = (angle < 1e-6 ? u : Math.sin(u * angle) / Math.sin(angle)) * sign;
  for (let c = 0; c < 4; c++) out[c] = wa * values[4 * lo + c]! + wb * values[4 * hi + c]!;
  const length = Math.hypot(out[0]!, out[1]!, out[2]!, out[3]!) || 1;
  for (let c = 0; c < 4; c++) out[c] = out[c]! / length;
  return out;
}

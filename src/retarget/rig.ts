// A foreign rig as every source reads into it (glTF, FBX, BVH): joints with their rest transforms, and
// clips of keyed channels on them. Joints are whatever nodes the file has, ground and end joints
// included, so each joint's world matrix (units, up axis, an armature's own scale) comes out of the
// hierarchy as the file's own tool evaluates it.
import { composeInto, multiplyInto, type Matrix } from '../core/transforms.js';

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
  /** Scratch values, copied into each joint's matrix before the next joint is read. */
  readonly #scratch = new Float64Array(16);
  readonly #t = new Float64Array(3);
  readonly #r = new Float64Array(4);
  readonly #s = new Float64Array(3);
  /** Each joint's rest values, as views made once. */
  readonly #rest: Array<{ t: Float64Array; r: Float64Array; s: Float64Array }>;

  constructor(
    readonly rig: SourceRig,
    clip: SourceClip | null,
  ) {
    this.#byJoint = rig.names.map(() => ({}));
    this.#rest = rig.names.map((_, j) => ({
      t: rig.restTranslations.subarray(3 * j, 3 * j + 3),
      r: rig.restRotations.subarray(4 * j, 4 * j + 4),
      s: rig.restScales.subarray(3 * j, 3 * j + 3),
    }));
    for (const channel of clip?.channels ?? []) if (channel.times.length) this.#byJoint[channel.joint]![channel.path] = channel;
  }

  /** Every joint's world matrix at `time` (seconds; the rest pose for joints the clip does not animate). */
  worlds(time: number): Matrix[] {
    const { rig } = this;
    const worlds: Matrix[] = [];
    for (let j = 0; j < rig.names.length; j++) {
      const own = this.#byJoint[j]!;
      const rest = this.#rest[j]!;
      const t = own.translation ? valueAt(own.translation, time, this.#t) : rest.t;
      const r = own.rotation ? valueAt(own.rotation, time, this.#r) : rest.r;
      const s = own.scale ? valueAt(own.scale, time, this.#s) : rest.s;
      const local = composeInto(this.#scratch, t, r, s);
      const parent = rig.parents[j]!;
      worlds.push(parent >= 0 ? multiplyInto(new Float64Array(16), worlds[parent]!, local) : local.slice());
    }
    return worlds;
  }
}

/** A channel's value at a time, into `out`: clamped at its ends, slerped (rotations) or lerped between keys. */
function valueAt(channel: SourceChannel, time: number, out: Float64Array): Float64Array {
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

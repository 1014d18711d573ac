// The poses key reduction checks a removal against: every bone's model-space transform at every
// evaluation time, as the unreduced clip plays (the reference) and as the clip with the removals so
// far plays (the current state). A removal changes one track over the span between the keys around
// it, so a check recomputes that bone and the bones below it over that span only.
import type { Skeleton } from '../core/skeleton.js';
import type { BoundClip } from '../playback/bind.js';
import { compose, multiply, poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import { sampleClip } from '../playback/sample.js';
import { shellError } from './shell-error.js';

/** A bone and the bones below it, parents first; `parentAt[m]` is where bone m's parent is in the list. */
interface Subtree {
  bones: Int32Array;
  parentAt: Int32Array;
}

export class ReductionTimeline {
  /** The evaluation times, ascending. */
  readonly times: Float64Array;
  readonly skeleton: Skeleton;
  /** World matrices (16 floats) per time per bone as the unreduced clip plays. */
  readonly reference: Float32Array;
  /** Transforms computed (one bone at one time each): the work done, counted so tests can bound it. */
  work = 0;

  readonly #radius: number;
  readonly #boneCount: number;
  /** The current world and local matrices per time per bone; local in f64 as `poseToMatrices` builds them. */
  readonly #world: Float32Array;
  readonly #local: Float64Array;
  readonly #subtrees = new Map<number, Subtree>();
  readonly #scratchLocal: Float64Array;
  readonly #scratchWorld: Float32Array;
  readonly #one = new Float64Array(16);

  /** `maxSpan`: the most times one check covers (its scratch is sized for it). */
  constructor(bound: BoundClip, times: Float64Array, radius: number, maxSpan: number) {
    const skeleton = bound.skeleton;
    const count = skeleton.boneCount;
    this.times = times;
    this.skeleton = skeleton;
    this.#radius = radius;
    this.#boneCount = count;
    this.reference = new Float32Array(times.length * count * 16);
    this.#local = new Float64Array(times.length * count * 16);
    this.#scratchLocal = new Float64Array(maxSpan * 16);
    this.#scratchWorld = new Float32Array(maxSpan * count * 16);
    const pose = createPose(skeleton);
    const world = new Float32Array(count * 16);
    for (let s = 0; s < times.length; s++) {
      // The game's sampling, through playback's own sampler and matrices: the reference is what plays.
      sampleClip(bound, times[s]!, pose, { backend: 'js' });
      this.reference.set(poseToMatrices(pose, skeleton, world), s * count * 16);
      for (let bone = 0; bone < count; bone++) {
        const q = 4 * bone,
          t = 3 * bone;
        compose(
          pose.rotations[q]!,
          pose.rotations[q + 1]!,
          pose.rotations[q + 2]!,
          pose.rotations[q + 3]!,
          pose.translations[t]!,
          pose.translations[t + 1]!,
          pose.translations[t + 2]!,
          this.#one,
        );
        this.#local.set(this.#one, (s * count + bone) * 16);
      }
    }
    this.work += times.length * count;
    this.#world = this.reference.slice();
  }

  /**
   * The largest shell error of `bone` and the bones below it at times `from..to` (indices), with the
   * bone's local transform at each time given by `localAt`; stops as soon as it passes `limit`. The
   * transforms are kept for `commit` (valid until the next check).
   */
  check(bone: number, from: number, to: number, localAt: (time: number, out: Float64Array) => void, limit: number): number {
    const { bones, parentAt } = this.#subtree(bone);
    const count = this.#boneCount;
    const parent = this.skeleton.parents[bone]!;
    const local = this.#scratchLocal,
      world = this.#scratchWorld,
      one = this.#one;
    let worst = 0;
    for (let s = from, i = 0; s <= to; s++, i++) {
      localAt(this.times[s]!, one);
      local.set(one, 16 * i);
      const base = 16 * i * bones.length;
      for (let m = 0; m < bones.length; m++) {
        const at = base + 16 * m;
        const b = bones[m]!;
        if (m > 0) multiply(world, base + 16 * parentAt[m]!, this.#local, (s * count + b) * 16, world, at);
        else if (parent >= 0) multiply(this.#world, (s * count + parent) * 16, one, 0, world, at);
        else world.set(one, at);
        this.work++;
        const error = shellError(world, at, this.reference, (s * count + b) * 16, this.#radius);
        if (error > worst && (worst = error) > limit) return worst;
      }
    }
    return worst;
  }

  /** Makes the transforms of the last `check` (of the same bone and times) the current state. */
  commit(bone: number, from: number, to: number): void {
    const { bones } = this.#subtree(bone);
    const count = this.#boneCount;
    for (let s = from, i = 0; s <= to; s++, i++) {
      this.#local.set(this.#scratchLocal.subarray(16 * i, 16 * i + 16), (s * count + bone) * 16);
      const base = 16 * i * bones.length;
      for (let m = 0; m < bones.length; m++)
        this.#world.set(this.#scratchWorld.subarray(base + 16 * m, base + 16 * m + 16), (s * count + bones[m]!) * 16);
    }
  }

  /**
   * The worst shell error of another binding of the clip (the reduced one, on the same skeleton)
   * against the reference, sampled afresh through playback: what the written file plays.
   */
  worstOf(bound: BoundClip): { bone: number; time: number; error: number } {
    const count = this.#boneCount;
    const pose = createPose(this.skeleton);
    const world = new Float32Array(count * 16);
    const worst = { bone: -1, time: 0, error: 0 };
    for (let s = 0; s < this.times.length; s++) {
      sampleClip(bound, this.times[s]!, pose, { backend: 'js' });
      poseToMatrices(pose, this.skeleton, world);
      for (let bone = 0; bone < count; bone++) {
        const error = shellError(world, 16 * bone, this.reference, (s * count + bone) * 16, this.#radius);
        if (error > worst.error) Object.assign(worst, { bone, time: this.times[s]!, error });
      }
    }
    this.work += this.times.length * count;
    return worst;
  }

  #subtree(bone: number): Subtree {
    let found = this.#subtrees.get(bone);
    if (!found) {
      // Parents come before their children, so one pass from the bone down finds every descendant.
      const parents = this.skeleton.parents;
      const at = new Int32Array(this.#boneCount).fill(-1);
      const bones = [bone];
      at[bone] = 0;
      for (let b = bone + 1; b < this.#boneCount; b++) {
        if (parents[b]! >= 0 && at[parents[b]!]! >= 0) at[b] = bones.push(b) - 1;
      }
      found = { bones: Int32Array.from(bones), parentAt: Int32Array.from(bones, (b, m) => (m === 0 ? -1 : at[parents[b]!]!)) };
      this.#subtrees.set(bone, found);
    }
    return found;
  }
}

/** The index of the first time above `time` (or equal to it, when `inclusive`) in ascending times; `times.length` when none is. */
export function firstAtOrAbove(times: Float64Array, time: number, inclusive: boolean): number {
  let low = 0,
    high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! > time || (inclusive && times[middle] === time)) high = middle;
    else low = middle + 1;
  }
  return low;
}

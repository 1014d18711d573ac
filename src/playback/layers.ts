// Layered clips as the game blends its animation associations, bone by bone (docs/playback.md,
// "Layering as the game blends"): the rule of FrameUpdateCallBackSkinned in SA (gta-reversed) and VC
// (reVC), and of the non-skinned callback for frame-bound models (re3).
import { ArgumentError } from '../core/errors.js';
import type { Skeleton } from '../core/skeleton.js';
import { bindClip, hasOwnTranslations, type BoundClip } from './bind.js';
import { clipTracks, type SkeletalClip } from './clip.js';
import { createPose, type Pose } from './pose.js';
import { sampleClip, type SampleOptions } from './sample.js';

/** One playing clip: an animation association of the game. */
export interface GameLayer {
  /** A clip, or a clip bound to the skeleton (`bindClip`); a bare clip is bound once and remembered. */
  clip: SkeletalClip | BoundClip;
  /** Seconds into the clip. */
  time: number;
  /** The association's blend amount: 1 plays it fully. Finite and 0 or more. */
  weight: number;
  /**
   * The association's partial flag, as the game's animation groups set it: weapon, gesture and other
   * clips that animate some bones over the ped's base clip. A partial layer's weight is taken from the
   * non-partial layers on each bone it drives. Default false.
   */
  partial?: boolean;
  /** Wrap the time over the clip's duration. Default false. */
  loop?: boolean;
}

/**
 * Samples each layer and combines them into `out` (a pose made by `createPose(skeleton)`) as the game
 * does, bone by bone, over the layers that drive the bone:
 *
 * - The partial layers' weights are summed (P); a partial layer contributes `weight`, a non-partial
 *   one `weight * (1 - P)`, nothing when that is 0 or less. So a partial clip of weight 1 replaces the
 *   base on its bones, and the bones it lacks keep the base's pose exactly.
 * - Rotation: the contributions' weighted rotations are added (each turned to the sum's hemisphere)
 *   and the sum normalised, whatever the total weight. A bone no layer drives gets the identity (the
 *   game's normalised zero), so give a base layer that drives every bone, as a ped always has.
 * - Translation: with S the sum of the weighted translations of the contributions whose track for
 *   the bone is translated, and T the sum of those layers' weights (not scaled by 1 - P),
 *   `S * T + rest * (1 - T)`: the rest position when no such layer. The root (the skeleton's first
 *   bone, where the game extracts a ped's velocity) takes `rest + S` instead, velocity left in (as
 *   `sampleClip` leaves root motion in), its height by the game's crouch rule; so does every bone of
 *   a skeleton whose tracks offset the rest position (GTA III), with offsets for S.
 *
 * Options apply to each layer's sampling; `loop` per layer. Returns `out`.
 */
export function sampleLayers(skeleton: Skeleton, layers: readonly GameLayer[], out: Pose, options: SampleOptions = {}): Pose {
  if (layers.length === 0) throw new ArgumentError('bad-argument', 'sampleLayers needs at least one layer');
  if (out.count !== skeleton.boneCount)
    throw new ArgumentError(
      'size-mismatch',
      `sampleLayers: the output pose has ${out.count} bones, the skeleton ${skeleton.boneCount}: make it with createPose(skeleton)`,
    );
  let largest = 0;
  const bound = layers.map((layer, i) => {
    if (!(layer.weight >= 0 && layer.weight < Infinity))
      throw new ArgumentError('bad-argument', `sampleLayers: layer ${i} weight is ${layer.weight}; weights must be finite and 0 or more`);
    largest = Math.max(largest, layer.weight);
    const clip = boundTo(layer.clip, skeleton);
    return { clip, nodes: nodesOf(clip) };
  });
  const count = out.count;
  const sums = accumulators(count);
  sums.partialTotal.fill(0);
  layers.forEach((layer, i) => {
    if (!layer.partial) return;
    const { nodes } = bound[i]!;
    for (let bone = 0; bone < count; bone++) if (nodes[bone]) sums.partialTotal[bone] = sums.partialTotal[bone]! + layer.weight;
  });
  sums.rotation.fill(0);
  sums.translation.fill(0);
  sums.translatedWeight.fill(0);
  sums.contributions.fill(0);
  sums.nonFiniteKeys.fill(0);
  // The rotations' weights are divided by the largest: their sum is normalised, so only their ratios
  // count, and 20,000 layers of weight 1e308 still add up to a finite number.
  const scale = largest > 0 ? 1 / largest : 1;
  // One layer at a time into one scratch pose: memory is the skeleton's, whatever the number of layers.
  const pose = scratchPose(skeleton);
  const offsets = skeleton.trackTranslations === 'offset';
  const rest = skeleton.restTranslations;
  layers.forEach((layer, i) => {
    const { clip, nodes } = bound[i]!;
    sampleClip(clip, layer.time, pose, { ...options, loop: layer.loop ?? false });
    const partial = layer.partial ?? false;
    for (let bone = 0; bone < count; bone++) {
      const node = nodes[bone]!;
      if (!node) continue;
      if (node === TRANSLATED) sums.translatedWeight[bone] = sums.translatedWeight[bone]! + layer.weight;
      const blend = partial ? layer.weight : layer.weight * (1 - sums.partialTotal[bone]!);
      if (!(blend > 0)) continue;
      const q = 4 * bone;
      // The first contribution's rotation, kept as it is: a bone only one layer drives keeps it to the bit.
      if (sums.contributions[bone]! === 0) sums.only.set(pose.rotations.subarray(q, q + 4), q);
      sums.contributions[bone] = sums.contributions[bone]! + 1;
      const x = pose.rotations[q]!,
        y = pose.rotations[q + 1]!,
        z = pose.rotations[q + 2]!,
        w = pose.rotations[q + 3]!;
      const r = sums.rotation;
      const scaled = blend * scale;
      const side = x * r[q]! + y * r[q + 1]! + z * r[q + 2]! + w * r[q + 3]! < 0 ? -scaled : scaled;
      r[q] = r[q]! + side * x;
      r[q + 1] = r[q + 1]! + side * y;
      r[q + 2] = r[q + 2]! + side * z;
      r[q + 3] = r[q + 3]! + side * w;
      if (node !== TRANSLATED) continue;
      const t = 3 * bone;
      if (
        !(
          Number.isFinite(pose.translations[t]!) &&
          Number.isFinite(pose.translations[t + 1]!) &&
          Number.isFinite(pose.translations[t + 2]!)
        )
      )
        sums.nonFiniteKeys[bone] = 1;
      // Offsets are what the track adds to the rest position; the bound clip stores rest + offset.
      sums.translation[t] = sums.translation[t]! + blend * (pose.translations[t]! - (offsets ? rest[t]! : 0));
      sums.translation[t + 1] = sums.translation[t + 1]! + blend * (pose.translations[t + 1]! - (offsets ? rest[t + 1]! : 0));
      sums.translation[t + 2] = sums.translation[t + 2]! + blend * (pose.translations[t + 2]! - (offsets ? rest[t + 2]! : 0));
    }
  });
  for (let bone = 0; bone < count; bone++) {
    const q = 4 * bone;
    const r = sums.rotation;
    const length = Math.sqrt(r[q]! * r[q]! + r[q + 1]! * r[q + 1]! + r[q + 2]! * r[q + 2]! + r[q + 3]! * r[q + 3]!);
    // One contribution normalises to its own rotation, already unit: copied, so a bone only the base
    // drives keeps the base's rotation to the bit (normalising again would move its last bit).
    if (sums.contributions[bone] === 1) out.rotations.set(sums.only.subarray(q, q + 4), q);
    else {
      out.rotations[q] = length > 0 ? r[q]! / length : 0;
      out.rotations[q + 1] = length > 0 ? r[q + 1]! / length : 0;
      out.rotations[q + 2] = length > 0 ? r[q + 2]! / length : 0;
      out.rotations[q + 3] = length > 0 ? r[q + 3]! / length : 1;
    }
    const t = 3 * bone;
    const translatedWeight = sums.translatedWeight[bone]!;
    const [sx, sy, sz] = [sums.translation[t]!, sums.translation[t + 1]!, sums.translation[t + 2]!];
    // The root (the clump's first frame) is where the game extracts a ped's velocity: its weighted
    // translations are added to its rest position, with the game's height rule for crouching.
    const added = offsets || bone === ROOT;
    const keep = added ? 1 : 1 - translatedWeight;
    const factor = added ? 1 : translatedWeight;
    out.translations[t] = sx * factor + rest[t]! * keep;
    out.translations[t + 1] = sy * factor + rest[t + 1]! * keep;
    out.translations[t + 2] = bone === ROOT ? rootHeight(sz, rest[t + 2]!) : sz * factor + rest[t + 2]! * keep;
    // The translation rule multiplies the weights' sum in: weights far past the game's 0 to 1 can take
    // it past what a float holds. That is refused, never written as an infinity or a NaN (a NaN or
    // infinite key still gives what it gives, as sampleClip does).
    for (let c = 0; c < 3; c++) {
      if (!Number.isFinite(out.translations[t + c]!) && !sums.nonFiniteKeys[bone])
        throw new ArgumentError(
          'bad-argument',
          `sampleLayers: bone ${bone}'s translation overflows a float with these weights (the largest ${largest}); the game's blend amounts are 0 to 1`,
        );
    }
    out.hasTranslation[bone] = 1;
  }
  return out;
}

const ROOT = 0;

/**
 * The root's height from its summed track heights: above -0.4 the rest height is added, below -0.8
 * nothing, and in between a share of it falling linearly to 0 (a crouching ped sinks smoothly).
 */
function rootHeight(z: number, restZ: number): number {
  if (z < -0.8) return z;
  return z + (z >= -0.4 ? restZ : (2.5 * z + 2) * restZ);
}

/** Per bone, what a layer has for it: no node, a rotation-only node, or a translated one. */
const NONE = 0,
  ROTATED = 1,
  TRANSLATED = 2;

const bindings = new WeakMap<SkeletalClip, WeakMap<Skeleton, BoundClip>>();

function boundTo(clip: SkeletalClip | BoundClip, skeleton: Skeleton): BoundClip {
  if (clip.kind === 'bound') {
    if (clip.skeleton !== skeleton)
      throw new ArgumentError('size-mismatch', `sampleLayers: a clip bound to another skeleton (${clip.clip.name})`);
    return clip;
  }
  let bySkeleton = bindings.get(clip);
  if (!bySkeleton) bindings.set(clip, (bySkeleton = new WeakMap()));
  let bound = bySkeleton.get(skeleton);
  if (!bound) bySkeleton.set(skeleton, (bound = bindClip(clip, skeleton)));
  return bound;
}

const nodeCache = new WeakMap<BoundClip, Uint8Array>();

/** The game's nodes of an association: a bone has one where the clip has a track with keys for it. */
function nodesOf(bound: BoundClip): Uint8Array {
  let nodes = nodeCache.get(bound);
  if (nodes) return nodes;
  const tracks = clipTracks(bound.clip).tracks;
  nodes = Uint8Array.from(bound.trackOfBone, (index) => {
    const track = index >= 0 ? tracks[index] : undefined;
    if (!track || track.times.length === 0) return NONE;
    return hasOwnTranslations(track) ? TRANSLATED : ROTATED;
  });
  nodeCache.set(bound, nodes);
  return nodes;
}

const scratch = new WeakMap<Skeleton, Pose>();

/** The pose each layer is sampled into for this skeleton, allocated once and reused by every call. */
function scratchPose(skeleton: Skeleton): Pose {
  let pose = scratch.get(skeleton);
  if (!pose) scratch.set(skeleton, (pose = createPose(skeleton)));
  return pose;
}

interface Accumulators {
  partialTotal: Float64Array;
  rotation: Float64Array;
  only: Float32Array;
  translation: Float64Array;
  translatedWeight: Float64Array;
  contributions: Uint32Array;
  /** Whether a layer's sampled translation for the bone was NaN or infinite (its keys were). */
  nonFiniteKeys: Uint8Array;
}

let sumsOf: { count: number; sums: Accumulators } | undefined;

/** Per-bone sums for a skeleton of `count` bones, reused while the bone count stays the same. */
function accumulators(count: number): Accumulators {
  if (sumsOf?.count !== count) {
    sumsOf = {
      count,
      sums: {
        partialTotal: new Float64Array(count),
        rotation: new Float64Array(4 * count),
        only: new Float32Array(4 * count),
        translation: new Float64Array(3 * count),
        translatedWeight: new Float64Array(count),
        contributions: new Uint32Array(count),
        nonFiniteKeys: new Uint8Array(count),
      },
    };
  }
  return sumsOf.sums;
}

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
    throw new ArgumentError('size-mismatch', `sampleLayers: the output pose has ${out.count} bones, the skeleton ${skeleton.boneCount}: make it with createPose(skeleton)`);
  const sampled = layers.map((layer, i) => {
    if (!(layer.weight >= 0 && layer.weight < Infinity)) throw new ArgumentError('bad-argument', `sampleLayers: layer ${i} weight is ${layer.weight}; weights must be finite and 0 or more`);
    const bound = boundTo(layer.clip, skeleton);
    const pose = scratchPose(skeleton, i);
    sampleClip(bound, layer.time, pose, { ...options, loop: layer.loop ?? false });
    return { pose, nodes: nodesOf(bound), partial: layer.partial ?? false, weight: layer.weight };
  });
  const offsets = skeleton.trackTranslations === 'offset';
  const rest = skeleton.restTranslations;
  for (let bone = 0; bone < out.count; bone++) {
    let partialTotal = 0;
    for (const layer of sampled) if (layer.partial && layer.nodes[bone]) partialTotal += layer.weight;
    let qx = 0,
      qy = 0,
      qz = 0,
      qw = 0;
    let sx = 0,
      sy = 0,
      sz = 0;
    let translatedWeight = 0;
    let contributions = 0;
    let only: Pose | undefined;
    for (const { pose, nodes, partial, weight } of sampled) {
      const node = nodes[bone]!;
      if (!node) continue;
      if (node === TRANSLATED) translatedWeight += weight;
      const blend = partial ? weight : weight * (1 - partialTotal);
      if (!(blend > 0)) continue;
      contributions++;
      only = pose;
      const q = 4 * bone;
      const x = pose.rotations[q]!,
        y = pose.rotations[q + 1]!,
        z = pose.rotations[q + 2]!,
        w = pose.rotations[q + 3]!;
      const side = x * qx + y * qy + z * qz + w * qw < 0 ? -blend : blend;
      qx += side * x;
      qy += side * y;
      qz += side * z;
      qw += side * w;
      if (node !== TRANSLATED) continue;
      const t = 3 * bone;
      // Offsets are what the track adds to the rest position; the bound clip stores rest + offset.
      sx += blend * (pose.translations[t]! - (offsets ? rest[t]! : 0));
      sy += blend * (pose.translations[t + 1]! - (offsets ? rest[t + 1]! : 0));
      sz += blend * (pose.translations[t + 2]! - (offsets ? rest[t + 2]! : 0));
    }
    const q = 4 * bone;
    const length = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    // One contribution normalises to its own rotation, already unit: copied, so a bone only the base
    // drives keeps the base's rotation to the bit (normalising again would move its last bit).
    if (contributions === 1) out.rotations.set(only!.rotations.subarray(q, q + 4), q);
    else {
      out.rotations[q] = length > 0 ? qx / length : 0;
      out.rotations[q + 1] = length > 0 ? qy / length : 0;
      out.rotations[q + 2] = length > 0 ? qz / length : 0;
      out.rotations[q + 3] = length > 0 ? qw / length : 1;
    }
    const t = 3 * bone;
    // The root (the clump's first frame) is where the game extracts a ped's velocity: its weighted
    // translations are added to its rest position, with the game's height rule for crouching.
    const added = offsets || bone === ROOT;
    const keep = added ? 1 : 1 - translatedWeight;
    const scale = added ? 1 : translatedWeight;
    out.translations[t] = sx * scale + rest[t]! * keep;
    out.translations[t + 1] = sy * scale + rest[t + 1]! * keep;
    out.translations[t + 2] = bone === ROOT ? rootHeight(sz, rest[t + 2]!) : sz * scale + rest[t + 2]! * keep;
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
    if (clip.skeleton !== skeleton) throw new ArgumentError('size-mismatch', `sampleLayers: a clip bound to another skeleton (${clip.clip.name})`);
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

const scratch = new WeakMap<Skeleton, Pose[]>();

/** The i-th layer's pose for this skeleton, allocated once and reused by every call. */
function scratchPose(skeleton: Skeleton, i: number): Pose {
  let poses = scratch.get(skeleton);
  if (!poses) scratch.set(skeleton, (poses = []));
  return (poses[i] ??= createPose(skeleton));
}

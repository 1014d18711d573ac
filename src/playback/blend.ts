import { ArgumentError } from '../core/errors.js';
import { descendantsMask } from '../core/skeleton.js';
import type { Pose } from './pose.js';
import { slerpInto } from './sample-js.js';

/** One pose to blend: its weight, and per-bone weights when only part of the body takes it. */
export interface Layer {
  pose: Pose;
  /** Scales the whole layer. */
  weight: number;
  /** Per-bone weights (in the pose's bone order), multiplied by `weight`; all 1 when absent. */
  mask?: ArrayLike<number>;
}

/**
 * Combines poses of the same skeleton bone by bone. Each bone's rotation is a normalised weighted
 * slerp: the layers are folded in order, `acc = slerp(acc, q_i, w_i / (w_1 + ... + w_i))`. For two
 * layers that is exactly slerp(q_1, q_2, w_2 / (w_1 + w_2)), shortest arc; for more it is a close,
 * order-dependent approximation of the weighted mean. Translations are weighted sums divided by the
 * total weight. A bone whose layers all weigh 0 takes the first layer's values.
 */
export function blendPoses(out: Pose, layers: readonly Layer[]): Pose {
  if (layers.length === 0) throw new ArgumentError('bad-argument', 'blendPoses needs at least one layer');
  // Weights and mask entries must be finite and 0 or more. Only their ratios matter, so both are
  // divided by their largest value first: no product or total can overflow (1e308 + 1e308).
  let weightScale = 0;
  let maskScale = 0;
  layers.forEach((layer, i) => {
    if (layer.pose.count !== out.count)
      throw new ArgumentError('size-mismatch', `blendPoses: layer ${i} has ${layer.pose.count} bones, the output pose ${out.count}`);
    checkWeight(layer.weight, `layer ${i} weight`);
    weightScale = Math.max(weightScale, layer.weight);
    if (layer.mask) {
      if (layer.mask.length < out.count)
        throw new ArgumentError('size-mismatch', `blendPoses: layer ${i} mask has ${layer.mask.length} weights for ${out.count} bones`);
      for (let bone = 0; bone < out.count; bone++) {
        checkWeight(layer.mask[bone]!, `layer ${i} mask[${bone}]`);
        maskScale = Math.max(maskScale, layer.mask[bone]!);
      }
    } else {
      maskScale = Math.max(maskScale, 1);
    }
  });
  const weightOf = (layer: Layer, bone: number) => (layer.weight / weightScale) * ((layer.mask ? layer.mask[bone]! : 1) / maskScale);
  for (let bone = 0; bone < out.count; bone++) {
    let total = 0;
    let x = 0;
    let y = 0;
    let z = 0;
    let hasTranslation = 0;
    for (const layer of layers) {
      const { pose } = layer;
      const w = weightScale > 0 && maskScale > 0 ? weightOf(layer, bone) : 0;
      if (w === 0) continue;
      total += w;
      if (total === w) out.rotations.set(pose.rotations.subarray(4 * bone, 4 * bone + 4), 4 * bone);
      else slerpInto(out.rotations, 4 * bone, pose.rotations, 4 * bone, w / total, out.rotations, 4 * bone);
      x += w * pose.translations[3 * bone]!;
      y += w * pose.translations[3 * bone + 1]!;
      z += w * pose.translations[3 * bone + 2]!;
      hasTranslation |= pose.hasTranslation[bone]!;
    }
    if (total > 0) {
      out.translations[3 * bone] = x / total;
      out.translations[3 * bone + 1] = y / total;
      out.translations[3 * bone + 2] = z / total;
      out.hasTranslation[bone] = hasTranslation;
    } else {
      const first = layers[0]!.pose;
      out.rotations.set(first.rotations.subarray(4 * bone, 4 * bone + 4), 4 * bone);
      out.translations.set(first.translations.subarray(3 * bone, 3 * bone + 3), 3 * bone);
      out.hasTranslation[bone] = first.hasTranslation[bone]!;
    }
  }
  return out;
}

/**
 * A per-bone mask: `weight` on each of `rootBones` and all their descendants, 0 elsewhere. Bones are
 * indices into `skeleton.parents` (-1 = root), e.g. an `IFFReader`.
 */
export function boneMask(skeleton: { parents: ArrayLike<number> }, rootBones: readonly number[], weight = 1): Float32Array {
  return Float32Array.from(descendantsMask(skeleton.parents, rootBones), (inside) => inside * weight);
}

function checkWeight(weight: number, what: string): void {
  if (!(weight >= 0 && weight < Infinity))
    throw new ArgumentError('bad-argument', `blendPoses: ${what} is ${weight}; weights must be finite and 0 or more`);
}

/**
 * San Andreas ped bones (HAnim ids) of the upper body: Spine1 (3) and what hangs from it. That is
 * the neck, head, jaw and brows, both clavicle-to-finger chains, the breasts, and the belly.
 */
export const SA_UPPER_BODY_BONE_IDS: ReadonlySet<number> = new Set([
  3, 4, 5, 6, 7, 8, 21, 22, 23, 24, 25, 26, 31, 32, 33, 34, 35, 36, 201, 301, 302,
]);

/** A mask for an SA ped pose: `weight` on the upper body (`SA_UPPER_BODY_BONE_IDS`), 0 elsewhere; `lower` inverts it. */
export function saUpperBodyMask(pose: { boneIds: ArrayLike<number> }, weight = 1, lower = false): Float32Array {
  return Float32Array.from(pose.boneIds, (id) => (SA_UPPER_BODY_BONE_IDS.has(id) !== lower ? weight : 0));
}

import { ArgumentError } from '../core/errors.js';
// The skin weights the game draws with, from the weights a Skin PLG stores. Stored weights need not
// sum to 1 (custom skins hold sums from 0 to 2.44); the game normalises them once at load
// (docs/playback.md, "Skinning"; /spec dff-skeleton.md, "How the game deforms a vertex"). Every path
// that draws or exports a pose takes its weights from here, so they all deform a vertex alike.

/** What a geometry holds of its skin: 4 bone indices and 4 weights per vertex (a `DFFGeometry` is one). */
export interface SkinnedGeometryWeights {
  skinIndices: Uint8Array | null;
  skinWeights: Float32Array | null;
  /** How many of a vertex's largest weights are drawn; 0 or absent: all four. */
  skinMaxWeights?: number;
}

/** Skin weights as the game uses them: four bones and weights per vertex, largest first, summing to 1. */
export interface GameSkinWeights {
  /** 4 per vertex, the bone of each weight; 0 where the weight is 0. Uint16 only past 256 bones. */
  joints: Uint8Array | Uint16Array;
  /** 4 per vertex, largest first, summing to 1. */
  weights: Float32Array;
  /** Stored weights set to 0 because they named a bone the skeleton lacks, or were negative or not finite. */
  repaired: number;
}

const PER_VERTEX = 4;

/**
 * The game's weights for each vertex of `geometry` on a skeleton of `boneCount` bones (or a
 * skeleton): each vertex's pairs sorted by weight, largest first (as RenderWare sorts them at load);
 * only the Skin PLG's `skinMaxWeights` largest kept; then each divided by their sum. A vertex whose
 * weights are all 0 follows its first bone with weight 1 (the game's GPU path; dividing would give
 * NaN, which the game never shows). Not from the game, where it would read past its matrices: a weight
 * naming a bone the skeleton lacks, a negative one or one that is not finite counts as 0 (and is
 * counted in `repaired`); a vertex left with no bone it names follows bone 0.
 */
export function gameSkinWeights(geometry: SkinnedGeometryWeights, skeleton: number | { boneCount: number }): GameSkinWeights {
  const boneCount = typeof skeleton === 'number' ? skeleton : skeleton.boneCount;
  const { skinIndices, skinWeights } = geometry;
  if (!skinIndices || !skinWeights)
    throw new ArgumentError('missing-data', 'gameSkinWeights: the geometry has no skin weights (no Skin PLG)');
  const vertexCount = Math.floor(Math.min(skinIndices.length, skinWeights.length) / PER_VERTEX);
  const kept = geometry.skinMaxWeights && geometry.skinMaxWeights < PER_VERTEX ? geometry.skinMaxWeights : PER_VERTEX;
  const joints = boneCount > 256 ? new Uint16Array(PER_VERTEX * vertexCount) : new Uint8Array(PER_VERTEX * vertexCount);
  const weights = new Float32Array(PER_VERTEX * vertexCount);
  let repaired = 0;
  const pairs = [0, 1, 2, 3];
  const usable = new Float64Array(PER_VERTEX);
  for (let v = 0; v < vertexCount; v++) {
    const at = PER_VERTEX * v;
    for (let k = 0; k < PER_VERTEX; k++) {
      const weight = skinWeights[at + k]!;
      const known = skinIndices[at + k]! < boneCount;
      if (weight === 0) usable[k] = 0;
      else if (known && weight > 0 && weight < Infinity) usable[k] = weight;
      else {
        usable[k] = 0;
        repaired++;
      }
    }
    // A stable sort: equal weights keep their stored order, as RenderWare's sort leaves them.
    pairs.sort((a, b) => usable[b]! - usable[a]! || a - b);
    let total = 0;
    for (let k = 0; k < kept; k++) total += usable[pairs[k]!]!;
    if (total > 0) {
      for (let k = 0; k < kept; k++) {
        const pair = pairs[k]!;
        if (usable[pair] === 0) continue;
        joints[at + k] = skinIndices[at + pair]!;
        weights[at + k] = usable[pair]! / total;
      }
    } else {
      const first = skinIndices[at]!;
      joints[at] = first < boneCount ? first : 0;
      weights[at] = 1;
    }
    for (let k = 0; k < PER_VERTEX; k++) pairs[k] = k;
  }
  return { joints, weights, repaired };
}

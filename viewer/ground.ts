// Where the ground goes: under the lowest point of the body as the view draws it in a pose. A skinned
// ped's rest pose comes from its Skin PLG's bind matrices, and an SA skin's lies along the x axis:
// its lowest point at rest is the side of a lying body, not the soles. So the height is taken from the
// posed mesh (the same weights, inverse binds and world matrices the view skins with), over the
// poses the camera frames (viewer/posing.ts).
import { gameSkinWeights, skinningMatrices, type GameSkinWeights, type ModelGeometry, type Skeleton } from 'gameanim';

/** What the view draws on a skeleton (viewer/model-objects.ts): skinned geometries, or rigid ones on their frames' bones. */
export interface GroundModel {
  geometries: readonly ModelGeometry[];
  /** Set for a frame-bound model: each rigid geometry rides the bone of its frame. */
  boneOfFrame?: ArrayLike<number> | undefined;
}

const skinWeights = new WeakMap<ModelGeometry, GameSkinWeights>();
const palettes = new WeakMap<Skeleton, Float32Array<ArrayBuffer>>();

/**
 * Whether the view draws this geometry: skinned ones on a skinned model, rigid ones on a frame-bound model (as buildModelObjects chooses).
 */
function drawn(geometry: ModelGeometry, model: GroundModel): boolean {
  if (!geometry.vertexCount || !geometry.indices.length) return false;
  const skinned = geometry.skinIndices !== null && geometry.skinWeights !== null;
  return model.boneOfFrame ? !skinned : skinned;
}

/**
 * The lowest height (z) of the model drawn with the bones' world matrices `world` (16 floats per bone,
 * from poseToMatrices): its skinned vertices (world x inverse bind, with the game's weights), or its
 * rigid parts on their frames' bones. Without a mesh drawn (no model, or none of its geometries), the
 * lowest bone. Infinity for an empty skeleton.
 */
export function lowestPoint(skeleton: Skeleton, model: GroundModel | null, world: Float32Array): number {
  let lowest = Infinity;
  let vertices = 0;
  for (const geometry of model?.geometries ?? []) {
    if (!drawn(geometry, model!)) continue;
    vertices += geometry.vertexCount;
    const z = model!.boneOfFrame ? lowestRigid(geometry, model!.boneOfFrame, world) : lowestSkinned(geometry, skeleton, world);
    if (z < lowest) lowest = z;
  }
  if (vertices) return lowest;
  for (let bone = 0; bone < skeleton.boneCount; bone++) lowest = Math.min(lowest, world[16 * bone + 14]!);
  return lowest;
}

function lowestSkinned(geometry: ModelGeometry, skeleton: Skeleton, world: Float32Array): number {
  if (!skeleton.inverseBindMatrices) return Infinity;
  let weights = skinWeights.get(geometry);
  if (!weights) skinWeights.set(geometry, (weights = gameSkinWeights(geometry, skeleton)));
  let palette = palettes.get(skeleton);
  if (!palette) palettes.set(skeleton, (palette = new Float32Array(16 * skeleton.boneCount)));
  skinningMatrices(world, skeleton, palette);
  const { joints, weights: w } = weights;
  const positions = geometry.positions;
  let lowest = Infinity;
  // Only the height is needed: a third of skinVertices' work. A vertex without weights is not drawn skinned.
  const count = Math.min(geometry.vertexCount, Math.floor(positions.length / 3), Math.floor(w.length / 4));
  for (let v = 0; v < count; v++) {
    const x = positions[3 * v]!,
      y = positions[3 * v + 1]!,
      z = positions[3 * v + 2]!;
    let height = 0;
    for (let k = 0; k < 4; k++) {
      const weight = w[4 * v + k]!;
      if (weight === 0) continue;
      const m = 16 * joints[4 * v + k]!;
      height += weight * (palette[m + 2]! * x + palette[m + 6]! * y + palette[m + 10]! * z + palette[m + 14]!);
    }
    if (height < lowest) lowest = height;
  }
  return lowest;
}

function lowestRigid(geometry: ModelGeometry, boneOfFrame: ArrayLike<number>, world: Float32Array): number {
  const bone = geometry.frame >= 0 ? (boneOfFrame[geometry.frame] ?? -1) : -1;
  const positions = geometry.positions;
  let lowest = Infinity;
  // A geometry on no frame's bone is drawn where its vertices are.
  const m = 16 * bone;
  const count = Math.min(geometry.vertexCount, Math.floor(positions.length / 3));
  for (let v = 0; v < count; v++) {
    const x = positions[3 * v]!,
      y = positions[3 * v + 1]!,
      z = positions[3 * v + 2]!;
    const height = bone < 0 ? z : world[m + 2]! * x + world[m + 6]! * y + world[m + 10]! * z + world[m + 14]!;
    if (height < lowest) lowest = height;
  }
  return lowest;
}

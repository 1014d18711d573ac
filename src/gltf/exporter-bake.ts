// An exporter's bake: Blender's "Always Sample Animations" (its default) keys every bone of the
// armature at every sampled frame, translation, rotation and scale, whether the clip moved it or not.
// A bone the clip never drove comes out held exactly at its node's own rest, which is not a track of
// the clip: written as one it would pin the bone at the skin's bind pose over whatever clip it is
// layered on (a partial clip's Root so laid the ped down).
import type { Node } from '@gltf-transform/core';
import type { Curve } from './curves.js';

export type NodeCurves = Partial<Record<'rotation' | 'translation' | 'scale', Curve>>;

/**
 * How far a baked value may be from its node's rest, per component: the bake writes both from the
 * same matrices, so they agree within float noise (measured, 4e-7); a real clip's constant track that
 * happens to sit near the rest pose (SA's Jaw on a custom skin) is 1e-4 or more away.
 */
const BAKE_NOISE = 1e-5;

/**
 * Removes from `curves` the channels of a bake that hold their node at its rest for the whole clip,
 * and returns them as "node.path" (`bake` says whether the animation is one). A bake is recognised
 * by its shape: every one of `bones` keyed, and every channel of the animation at one shared list of
 * three or more evenly spaced key times (a sampling). A file whose
 * channels are the clip's own tracks (gameanim's export, Blender's with sampling off) has neither, so
 * its channels all stay, constant or not.
 */
export function dropBakedRest(curves: Map<Node, NodeCurves>, bones: readonly Node[]): { bake: boolean; dropped: string[] } {
  const none = { bake: false, dropped: [] };
  if (bones.length === 0 || !bones.every((node) => curves.has(node))) return none;
  const all = [...curves.values()]
    .flatMap((own) => [own.rotation, own.translation, own.scale])
    .filter((curve): curve is Curve => curve !== undefined);
  const times = all[0]?.times;
  if (!times || !evenlySpaced(times) || !all.every((curve) => curve.times === times || sameTimes(curve.times, times))) return none;
  const dropped: string[] = [];
  for (const node of bones) {
    const own = curves.get(node)!;
    for (const path of ['rotation', 'translation', 'scale'] as const) {
      const curve = own[path];
      if (
        curve &&
        curve.interpolation !== 'CUBICSPLINE' &&
        holdsRest(curve.values, path === 'rotation' ? node.getRotation() : path === 'translation' ? node.getTranslation() : node.getScale())
      ) {
        delete own[path];
        dropped.push(`${node.getName()}.${path}`);
      }
    }
    if (!own.rotation && !own.translation && !own.scale) curves.delete(node);
  }
  return { bake: true, dropped };
}

/** Three or more times a frame apart, as a sampling makes them (within float noise of the frame). */
function evenlySpaced(times: Float32Array): boolean {
  if (times.length < 3) return false;
  const frame = (times[times.length - 1]! - times[0]!) / (times.length - 1);
  return frame > 0 && times.every((t, k) => Math.abs(t - times[0]! - k * frame) <= 1e-3 * frame);
}

function sameTimes(a: Float32Array, b: Float32Array): boolean {
  return a.length === b.length && a.every((t, k) => t === b[k]);
}

/**
 * Every value (runs of `rest.length`: 4 for a quaternion, of either sign, 3 otherwise) within float
 * noise of `rest`. Also for a bone's game-local pose in a bake: a bone the clip never drove may sit
 * at its game rest rather than its node's (Blender keeps the glTF's node pose apart from its bind rest).
 */
export function holdsRest(values: ArrayLike<number>, rest: ArrayLike<number>): boolean {
  const width = rest.length;
  for (let k = 0; width * (k + 1) <= values.length; k++) {
    let same = 0,
      opposite = 0;
    for (let c = 0; c < width; c++) {
      const value = values[width * k + c]!;
      same = Math.max(same, Math.abs(value - rest[c]!));
      opposite = Math.max(opposite, Math.abs(value + rest[c]!));
    }
    if (!(Math.min(same, width === 4 ? opposite : same) <= BAKE_NOISE)) return false;
  }
  return true;
}

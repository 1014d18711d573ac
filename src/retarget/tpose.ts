// The game skeleton in a T-pose, for sources whose rest is one (Mixamo's and most mocap libraries'):
// arms straight out to the sides, legs straight down, torso, head and feet as in the game's rest.
import type { Skeleton } from '../core/skeleton.js';
import { multiply, positionOf, type Matrix } from '../gltf/spaces.js';
import { apply, normalised, rotationOf, scaled, subtract, transposed, turnBetween, type Vector } from './rotations.js';

/** Each chain (HAnim ids, shoulder or hip first) and which way its segments point in a T-pose. */
const CHAINS: ReadonlyArray<{ ids: number[]; toward: 'left' | 'right' | 'down' }> = [
  { ids: [32, 33, 34], toward: 'left' },
  { ids: [22, 23, 24], toward: 'right' },
  { ids: [41, 42], toward: 'down' },
  { ids: [51, 52], toward: 'down' },
];
/** Feet stay flat as at rest when the legs straighten: the hip height of the T-pose is then a T-pose rig's (its soles on the ground). */
const FEET = [43, 53];

/**
 * The game's rest worlds with each limb segment turned to point along its T-pose direction, the bones
 * below it turned with it. `up` is the game's up axis; left is from the right shoulder to the left.
 */
export function tPoseWorlds(skeleton: Skeleton, rest: readonly Matrix[], up: Vector): Matrix[] {
  const worlds = rest.map((m) => Float64Array.from(m));
  const at = (id: number) => skeleton.indexOf(id);
  const left = (() => {
    const l = at(32),
      r = at(22);
    if (l < 0 || r < 0) return null;
    const across = subtract(positionOf(worlds[l]!), positionOf(worlds[r]!));
    return normalised(subtract(across, scaled(up, across[0] * up[0] + across[1] * up[1] + across[2] * up[2])));
  })();
  const childOf = (bone: number) => {
    for (let b = bone + 1; b < skeleton.boneCount; b++) if (skeleton.parents[b] === bone) return b;
    return -1;
  };
  for (const chain of CHAINS) {
    const direction = chain.toward === 'down' ? scaled(up, -1) : left && (chain.toward === 'left' ? left : scaled(left, -1));
    if (!direction) continue;
    for (const id of chain.ids) {
      const bone = at(id),
        child = bone >= 0 ? childOf(bone) : -1;
      if (child < 0) continue;
      const from = normalised(subtract(positionOf(worlds[child]!), positionOf(worlds[bone]!)));
      turnSubtree(skeleton, worlds, bone, turnBetween(from, direction));
    }
  }
  for (const id of FEET) {
    const foot = at(id);
    if (foot >= 0) turnSubtree(skeleton, worlds, foot, multiply(rotationOf(rest[foot]!), transposed(rotationOf(worlds[foot]!))));
  }
  return worlds;
}

/** Turns a bone and every bone below it about the bone's own position. */
function turnSubtree(skeleton: Skeleton, worlds: Matrix[], bone: number, turn: Matrix): void {
  const pivot = positionOf(worlds[bone]!);
  const inside = new Uint8Array(skeleton.boneCount);
  inside[bone] = 1;
  for (let b = bone; b < skeleton.boneCount; b++) {
    if (b !== bone && !inside[skeleton.parents[b]!]) continue;
    inside[b] = 1;
    const turned = multiply(turn, worlds[b]!);
    const offset = apply(turn, subtract(positionOf(worlds[b]!), pivot));
    turned.set([pivot[0] + offset[0], pivot[1] + offset[1], pivot[2] + offset[2]], 12);
    worlds[b] = turned;
  }
}

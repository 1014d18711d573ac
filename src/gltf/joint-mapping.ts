// Mapping a glTF's animated joints onto a gameanim skeleton at import (not src/retarget/, which carries
// another rig's motion onto a game skin). What must match is what the skin does to
// the mesh, not how a tool oriented its joints: Blender's default import turns every joint to point
// along the bone and compensates in the inverse binds; a DragonFF scene is Y up. So each joint's world
// matrix is evaluated through the node hierarchy, carried through the skin's inverse bind into the
// game's bind pose, and each bone is then expressed in its game parent's space.
import type { Node } from '@gltf-transform/core';
import type { Skeleton } from '../core/skeleton.js';
import { rotationQuaternion } from '../dff/rotation.js';
import { poseToMatrices } from '../playback/matrices.js';
import { createPose } from '../playback/pose.js';
import type { NodeTree } from './node-tree.js';
import { compose, frameFit, fromArray, identity, invert, multiply, positionOf, rigidFit, spansAPlane, type Matrix } from './spaces.js';

/** A node's animated properties at a time; absent ones keep the node's own values. */
export type NodeSampler = (
  node: Node,
  time: number,
) => { translation?: ArrayLike<number>; rotation?: ArrayLike<number>; scale?: ArrayLike<number> };

/** A glTF's joints mapped onto the game skeleton at import: each bone's local pose from its joint's, at any time. */
export interface JointMapping {
  /** The game bones' local rotations (x y z w) and translations at a time, every bone. */
  localPose(time: number, sample: NodeSampler): { rotations: Float64Array; translations: Float64Array };
  /**
   * How well the file's joints fit the skeleton once placed: the matched bone whose joint lies
   * farthest from where the skeleton has it (bind positions for skinned joints, rest positions
   * otherwise), in metres; null without matched bones. Another skin's proportions show here.
   */
  readonly worstFit: { bone: number; metres: number } | null;
}

/**
 * Prepares the carry for a document's nodes matched to `skeleton` bones (`nodeOfBone[b]`, or null).
 * `inverseBinds` holds each skinned joint's inverse bind matrix (column-major); a node outside any
 * skin is taken as bound at its rest pose. `tree` is the document's checked hierarchy; `moved`, the
 * nodes some animation translates (left out of a frame-bound model's `worstFit`).
 *
 * Two placements are found by fitting joint positions: M, from the game's mesh space to the glTF's
 * (bind positions, rigidly), and N, the turn from the game's world to the scene's (rest positions,
 * rotation only). Then for bone
 * b on joint j: G_b(t) = N^-1 · W_j(t) · IBM_j · M · B_b, with B_b the game bind matrix; the same
 * deformation the file's skin gives its mesh, whatever the joint's own orientation.
 */
export function prepareJointMapping(
  skeleton: Skeleton,
  nodeOfBone: readonly (Node | null)[],
  inverseBinds: ReadonlyMap<Node, Matrix>,
  tree: NodeTree,
  moved: ReadonlySet<Node> = new Set(),
): JointMapping {
  const count = skeleton.boneCount;
  const restWorld = poseToMatrices(createPose(skeleton), skeleton);
  const gameRest = Array.from({ length: count }, (_, b) => fromArray(restWorld, 16 * b));
  const gameBind = Array.from({ length: count }, (_, b) =>
    skeleton.inverseBindMatrices ? invert(fromArray(skeleton.inverseBindMatrices, 16 * b)) : gameRest[b]!,
  );
  const meshFrom: [number, number, number][] = [],
    meshTo: [number, number, number][] = [];
  const worldFrom: [number, number, number][] = [],
    worldTo: [number, number, number][] = [];
  nodeOfBone.forEach((node, b) => {
    if (!node) return;
    const ibm = inverseBinds.get(node);
    if (ibm) {
      meshFrom.push(positionOf(gameBind[b]!));
      meshTo.push(positionOf(invert(ibm)));
    }
    worldFrom.push(positionOf(gameRest[b]!));
    worldTo.push(positionOf(tree.restWorld(node)));
  });
  const M = rigidFit(meshFrom, meshTo);
  // The scene's placement is its turn only (glTF's Y up, a tool's axes): a tool's rest pose may be the
  // bind pose, a uniform shift from the game's rest (2 cm on some skins) while its root keys stay
  // absolute, so the fit's translation is not the scene's.
  // Joints that do not span a plane (one object, tracks all at the origin) cannot give the turn by
  // their positions; outside a skin a node's rest is its bone's, so the first one's orientation gives it.
  const firstUnskinned = nodeOfBone.findIndex((node) => node && !inverseBinds.has(node));
  const N =
    spansAPlane(worldFrom) || firstUnskinned < 0 || inverseBinds.size > 0
      ? rigidFit(worldFrom, worldTo)
      : frameFit(gameRest[firstUnskinned]!, tree.restWorld(nodeOfBone[firstUnskinned]!));
  const frames = skeleton.trackTranslations === 'offset' && !skeleton.inverseBindMatrices;
  const worstFit = frames
    ? frameResidual(skeleton, nodeOfBone, inverseBinds, moved)
    : fitResidual(nodeOfBone, inverseBinds, M, N, gameBind, gameRest, tree);
  N[12] = N[13] = N[14] = 0;
  const inverseN = invert(N);
  // The constant right-hand factor of each matched bone: IBM_j · M · B_b, or, outside a skin, inverse(rest W_j) · N · B_b.
  // A frame-bound model's frames are its nodes (the game sets a frame's matrix from the track), so a
  // node's local transform is the frame's, whatever the file calls its rest (Blender writes the pose
  // at its current frame there): the identity, which is what the product is for a faithful rest.
  const carry = nodeOfBone.map((node, b) => {
    if (!node) return null;
    const ibm = inverseBinds.get(node);
    if (!ibm && frames) return identity();
    return ibm ? multiply(multiply(ibm, M), gameBind[b]!) : multiply(multiply(invert(tree.restWorld(node)), N), gameBind[b]!);
  });
  const restLocal = Array.from({ length: count }, (_, b) => {
    const parent = skeleton.parents[b]!;
    return parent < 0 ? gameRest[b]! : multiply(invert(gameRest[parent]!), gameRest[b]!);
  });

  return {
    worstFit,
    localPose(time, sample) {
      const worlds = new Map<Node, Matrix>();
      const local = (node: Node): Matrix => {
        const animated = sample(node, time);
        return compose(
          animated.translation ?? node.getTranslation(),
          animated.rotation ?? node.getRotation(),
          animated.scale ?? node.getScale(),
        );
      };
      const nodeWorld = (node: Node): Matrix => tree.worldOf(node, local, worlds);
      const game: Matrix[] = [];
      for (let b = 0; b < count; b++) {
        const node = nodeOfBone[b];
        const parent = skeleton.parents[b]!;
        game.push(
          node
            ? multiply(multiply(inverseN, nodeWorld(node)), carry[b]!)
            : multiply(parent < 0 ? identity() : game[parent]!, restLocal[b]!),
        );
      }
      const rotations = new Float64Array(4 * count);
      const translations = new Float64Array(3 * count);
      const quaternion = new Float32Array(4);
      for (let b = 0; b < count; b++) {
        const parent = skeleton.parents[b]!;
        const local = parent < 0 ? game[b]! : multiply(invert(game[parent]!), game[b]!);
        rotationQuaternion(
          [local[0]!, local[1]!, local[2]!, local[4]!, local[5]!, local[6]!, local[8]!, local[9]!, local[10]!],
          quaternion,
          0,
        );
        rotations.set(quaternion, 4 * b);
        translations.set([local[12]!, local[13]!, local[14]!], 3 * b);
      }
      return { rotations, translations };
    },
  };
}

/** The matched bone farthest from its joint once the fits place the skeleton: M for skinned joints, N (with its translation) for others. */
function fitResidual(
  nodeOfBone: readonly (Node | null)[],
  inverseBinds: ReadonlyMap<Node, Matrix>,
  M: Matrix,
  N: Matrix,
  gameBind: readonly Matrix[],
  gameRest: readonly Matrix[],
  tree: NodeTree,
): { bone: number; metres: number } | null {
  let worst: { bone: number; metres: number } | null = null;
  nodeOfBone.forEach((node, b) => {
    if (!node) return;
    const ibm = inverseBinds.get(node);
    const placed = positionOf(ibm ? multiply(M, gameBind[b]!) : multiply(N, gameRest[b]!));
    const joint = positionOf(ibm ? invert(ibm) : tree.restWorld(node));
    const metres = Math.hypot(placed[0] - joint[0], placed[1] - joint[1], placed[2] - joint[2]);
    if (!worst || metres > worst.metres) worst = { bone: b, metres };
  });
  return worst;
}

/**
 * A frame-bound model's fit: each unskinned node's own translation against its frame's position (a
 * tool may write a posed node, but only tracks with translations move a frame from its position),
 * skipping nodes an animation translates.
 */
function frameResidual(
  skeleton: Skeleton,
  nodeOfBone: readonly (Node | null)[],
  inverseBinds: ReadonlyMap<Node, Matrix>,
  moved: ReadonlySet<Node>,
): { bone: number; metres: number } | null {
  let worst: { bone: number; metres: number } | null = null;
  nodeOfBone.forEach((node, b) => {
    if (!node || inverseBinds.has(node) || moved.has(node) || skeleton.parents[b]! < 0) return;
    const t = node.getTranslation();
    const metres = Math.hypot(...[0, 1, 2].map((c) => t[c]! - skeleton.restTranslations[3 * b + c]!));
    if (!worst || metres > worst.metres) worst = { bone: b, metres };
  });
  return worst;
}

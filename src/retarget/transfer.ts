// The motion itself, one instant at a time: each game bone's world rotation from its source joint's,
// through the two rests (target_world(t) = turn · source_world(t) · source_world_rest⁻¹ · turn⁻¹ ·
// target_world_rest), then back to local; the hips' travel, scaled and turned, as root motion.
import type { Skeleton } from '../core/skeleton.js';
import { quaternionOf } from '../dff/rotation.js';
import { invert, multiply, multiplyInto, positionOf, transposedInto, type Matrix } from '../core/transforms.js';
import { apply, rotationOf, scaled, subtract, transposed, type Vector } from '../core/transforms.js';
import type { Alignment } from './alignment.js';

export interface TransferredPose {
  /** x y z w per game bone, local to its parent (the rest rotation for bones without a source joint). */
  rotations: Float32Array;
  /** The motion bone's local translation. */
  translation: Vector;
}

/** One instant of the result in the game's model space, before it is made local: what foot-lock.ts adjusts. */
export interface WorldPose {
  /** Each bone's world rotation (4x4, no translation); replace a bone's to turn it (its children keep theirs). */
  world: Matrix[];
  /** Where the hips are (moved to lower the pelvis). */
  hipsAt: Vector;
}

export interface Transfer {
  /** The bone that carries the root motion: the top bone above the hips that no joint drives (SA's Root), or the hips. */
  readonly motionBone: number;
  /** The bone whose position `hipsAt` is (the pelvis), -1 without one. */
  readonly hips: number;
  /** Each bone's position in its parent's frame at the game's rest (bone lengths and directions). */
  readonly offsets: readonly Vector[];
  /** `adjust` may change the world pose (the legs' rotations, the hips' position) before it is made local. */
  poseAt(sourceWorlds: readonly Matrix[], adjust?: (pose: WorldPose) => void): TransferredPose;
  /** The first half of `poseAt`: the world pose, for a pass that needs only positions (the foot lock's plan). */
  worldPoseAt(sourceWorlds: readonly Matrix[]): WorldPose;
  /** The second half of `poseAt`: a world pose (adjusted or not) made local. */
  localPoseOf(pose: WorldPose): TransferredPose;
}

export function prepareTransfer(skeleton: Skeleton, jointOfBone: Int32Array, align: Alignment): Transfer {
  const count = skeleton.boneCount;
  const { turn, scale, lift, anchor, sourceRef, targetRef, gameRest } = align;
  const turnBack = transposed(turn);
  // The constant right-hand factor of each driven bone: source_world_rest⁻¹ · turn⁻¹ · target_world_rest.
  const carry = Array.from(jointOfBone, (joint, bone) =>
    joint >= 0 ? multiply(multiply(transposed(rotationOf(sourceRef[joint]!)), turnBack), rotationOf(targetRef[bone]!)) : null,
  );
  const gameRestRotation = gameRest.map(rotationOf);
  const restLocal = gameRest.map((world, bone) => {
    const parent = skeleton.parents[bone]!;
    return parent < 0 ? world : multiply(invert(gameRest[parent]!), world);
  });
  const restLocalRotation = restLocal.map(rotationOf);
  const pelvis = skeleton.indexOf(1);
  const hips = pelvis >= 0 && jointOfBone[pelvis]! >= 0 ? pelvis : jointOfBone.findIndex((joint) => joint >= 0);
  let motionBone = hips;
  while (motionBone >= 0 && skeleton.parents[motionBone]! >= 0 && jointOfBone[skeleton.parents[motionBone]!]! < 0)
    motionBone = skeleton.parents[motionBone]!;
  // The bones from the motion bone down to the hips, which stay at their rest offsets.
  const chain: number[] = [];
  for (let b = hips; b >= 0 && b !== motionBone; b = skeleton.parents[b]!) chain.unshift(b);
  const hipsJoint = hips >= 0 ? jointOfBone[hips]! : -1;
  const hipsRestSource = hipsJoint >= 0 ? positionOf(sourceRef[hipsJoint]!) : ([0, 0, 0] as Vector);
  const hipsRestGame = hips >= 0 ? positionOf(targetRef[hips]!) : ([0, 0, 0] as Vector);
  // Counted over the ground from the anchor (the clip's start when the reference is a frame of it).
  const fromAnchor = anchor ? apply(turn, scaled(subtract(hipsRestSource, anchor), scale)) : ([0, 0, 0] as Vector);

  const offsets = restLocal.map((m) => positionOf(m));
  // Scratch for the products made and dropped at every instant: allocations were a tenth of the time.
  const scratch = new Float64Array(16);
  const scratchInverse = new Float64Array(16);
  const axes = new Float64Array(9);
  const transfer: Transfer = {
    motionBone,
    hips,
    offsets,
    poseAt(sourceWorlds, adjust) {
      const pose = transfer.worldPoseAt(sourceWorlds);
      adjust?.(pose);
      return transfer.localPoseOf(pose);
    },
    worldPoseAt(sourceWorlds) {
      const world: Matrix[] = [];
      for (let bone = 0; bone < count; bone++) {
        const joint = jointOfBone[bone]!;
        const parent = skeleton.parents[bone]!;
        world.push(
          joint >= 0
            ? multiplyInto(new Float64Array(16), multiplyInto(scratch, turn, rotationOf(sourceWorlds[joint]!)), carry[bone]!)
            : parent < 0
              ? gameRestRotation[bone]!
              : multiply(world[parent]!, restLocalRotation[bone]!),
        );
      }
      // Where the hips are to be, in the game's model space.
      const travel =
        hipsJoint >= 0 ? apply(turn, scaled(subtract(positionOf(sourceWorlds[hipsJoint]!), hipsRestSource), scale)) : ([0, 0, 0] as Vector);
      const hipsAt: Vector = [
        hipsRestGame[0] + travel[0] + fromAnchor[0],
        hipsRestGame[1] + travel[1] + fromAnchor[1],
        hipsRestGame[2] + travel[2] + lift,
      ];
      return { world, hipsAt };
    },
    localPoseOf({ world, hipsAt }) {
      const rotations = new Float32Array(4 * count);
      for (let bone = 0; bone < count; bone++) {
        const parent = skeleton.parents[bone]!;
        const local = parent < 0 ? world[bone]! : multiplyInto(scratch, transposedInto(scratchInverse, world[parent]!), world[bone]!);
        // Products of rotations: orthonormal already, so no nearest-rotation iteration is needed.
        for (let i = 0; i < 9; i++) axes[i] = local[4 * Math.floor(i / 3) + (i % 3)]!;
        quaternionOf(axes, rotations, 4 * bone);
      }
      // The motion bone sits where the hips, hung from it through their rest offsets, land there.
      let hung = world[motionBone]!;
      for (const bone of chain) hung = multiply(hung, restLocal[bone]!);
      const offset = positionOf(hung);
      const motionAt = subtract(hipsAt, offset);
      const parent = skeleton.parents[motionBone]!;
      const translation = parent < 0 ? motionAt : apply(transposed(world[parent]!), subtract(motionAt, positionOf(gameRest[parent]!)));
      return { rotations, translation };
    },
  };
  return transfer;
}

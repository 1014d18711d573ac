// Mocap BVH files as motion-capture libraries write them, made from an SA clip with three.js's math
// (not the library's): CMU's names and its zero pose (arms hanging, legs apart, only the root with
// position channels, a root OFFSET of 0), or Bandai-Namco's (a joint_Root above the hips, six channels
// on every joint, every bone along its joint's X so the zero pose is a straight line: no body pose).
// Centimetres, Y up facing +Z, at any frame rate. Every joint's world rotation is its game bone's
// times a constant, so the rig is as rigid as the game's and its segment directions are the clip's.
import { Euler, Matrix4, Quaternion, Vector3 } from 'three';
import type { Animation, Skeleton } from '../../src/index.js';
import { GAME_TO_SOURCE, gameWorlds, STAND } from './foreign-rigs.js';

export interface MocapOptions {
  names: 'cmu' | 'bandai';
  /** The zero pose: CMU's (arms down, legs 20 degrees apart), a T-pose, an A-pose, or every bone along X. */
  zero: 'arms-down' | 'tpose' | 'apose' | 'along-x';
  rate: number;
  /** Source units per game metre. */
  scale: number;
  /** Position channels on every joint (Bandai's), else on the root only (CMU's). */
  allPositions: boolean;
  /** Toe joints level with the ankles in the standing rest, as far ahead as the game's toes (a flat-footed rig); else at the game's toes, 11 cm below. */
  flatFeet?: boolean;
}

/** Joint name, the game bone (HAnim id) it moves with (null: still), its parent, the game bone where it sits (null: at its parent). */
type Spec = [string, number | null, string | null, number | null];

const CMU: Spec[] = [
  ['Hips', 1, null, 1],
  ...(['L', 'R'] as const).flatMap((s): Spec[] => {
    const [side, leg] = s === 'L' ? ['Left', 40] : ['Right', 50];
    return [
      [`${s}HipJoint`, 1, 'Hips', null],
      [`${side}Hip`, leg + 1, `${s}HipJoint`, leg + 1],
      [`${side}Knee`, leg + 2, `${side}Hip`, leg + 2],
      [`${side}Ankle`, leg + 3, `${side}Knee`, leg + 3],
      [`${side}Toe`, leg + 4, `${side}Ankle`, leg + 4],
    ];
  }),
  ['lowerback', 2, 'Hips', null],
  ['Chest', 2, 'lowerback', 2],
  ['Chest2', 3, 'Chest', 3],
  ['lowerneck', 4, 'Chest2', 4],
  ['Neck', 4, 'lowerneck', null],
  ['Head', 5, 'Neck', 5],
  ...(['L', 'R'] as const).flatMap((s): Spec[] => {
    const [side, arm, lower] = s === 'L' ? ['Left', 30, 'l'] : ['Right', 20, 'r'];
    return [
      [`${side}Collar`, arm + 1, 'Chest2', arm + 1],
      [`${side}Shoulder`, arm + 2, `${side}Collar`, arm + 2],
      [`${side}Elbow`, arm + 3, `${side}Shoulder`, arm + 3],
      [`${side}Wrist`, arm + 4, `${side}Elbow`, arm + 4],
      [`${lower}hand`, arm + 4, `${side}Wrist`, null],
    ];
  }),
];

const BANDAI: Spec[] = [
  ['joint_Root', null, null, null],
  ['Hips', 1, 'joint_Root', 1],
  ['Spine', 2, 'Hips', 2],
  ['Chest', 3, 'Spine', 3],
  ['Neck', 4, 'Chest', 4],
  ['Head', 5, 'Neck', 5],
  ...(['L', 'R'] as const).flatMap((s): Spec[] => {
    const [arm, leg] = s === 'L' ? [30, 40] : [20, 50];
    return [
      [`Shoulder_${s}`, arm + 1, 'Chest', arm + 1],
      [`UpperArm_${s}`, arm + 2, `Shoulder_${s}`, arm + 2],
      [`LowerArm_${s}`, arm + 3, `UpperArm_${s}`, arm + 3],
      [`Hand_${s}`, arm + 4, `LowerArm_${s}`, arm + 4],
      [`UpperLeg_${s}`, leg + 1, 'Hips', leg + 1],
      [`LowerLeg_${s}`, leg + 2, `UpperLeg_${s}`, leg + 2],
      [`Foot_${s}`, leg + 3, `LowerLeg_${s}`, leg + 3],
      [`Toes_${s}`, leg + 4, `Foot_${s}`, leg + 4],
    ];
  }),
];

/** The game's rest worlds (three.js, standing Z up facing +Y) with arms and legs swung to a zero pose. */
function posedRest(skeleton: Skeleton, zero: MocapOptions['zero']): Matrix4[] {
  const worlds = gameWorlds(skeleton, null, 0).map((m) => STAND.clone().multiply(m));
  const at = (id: number) => new Vector3().setFromMatrixPosition(worlds[skeleton.indexOf(id)]!);
  const up = new Vector3(0, 0, 1);
  const left = at(32).sub(at(22)).projectOnPlane(up).normalize();
  const restFeet = new Map([43, 53].map((id) => [id, new Quaternion().setFromRotationMatrix(worlds[skeleton.indexOf(id)]!)]));
  const swing = (id: number, to: Vector3) => {
    const bone = skeleton.indexOf(id);
    const from = at(id + 1)
      .sub(at(id))
      .normalize();
    turn(skeleton, worlds, bone, new Quaternion().setFromUnitVectors(from, to.clone().normalize()));
  };
  for (const [side, sign] of [
    [30, 1],
    [20, -1],
  ] as const) {
    const out = left.clone().multiplyScalar(sign);
    const arm = zero === 'tpose' ? out : zero === 'apose' ? out.clone().sub(up) : out.clone().multiplyScalar(0.05).sub(up);
    swing(side + 2, arm);
    swing(side + 3, arm);
  }
  for (const [leg, sign] of [
    [40, 1],
    [50, -1],
  ] as const) {
    const down =
      zero === 'arms-down'
        ? up
            .clone()
            .negate()
            .add(left.clone().multiplyScalar(sign * Math.tan((20 * Math.PI) / 180)))
        : up.clone().negate();
    swing(leg + 1, down);
    swing(leg + 2, down);
    const foot = skeleton.indexOf(leg + 3);
    const now = new Quaternion().setFromRotationMatrix(worlds[foot]!);
    turn(
      skeleton,
      worlds,
      foot,
      restFeet
        .get(leg + 3)!
        .clone()
        .multiply(now.invert()),
    );
  }
  return worlds;
}

/** Turns a bone and every bone below it about the bone's position. */
function turn(skeleton: Skeleton, worlds: Matrix4[], bone: number, q: Quaternion): void {
  const pivot = new Vector3().setFromMatrixPosition(worlds[bone]!);
  const inside = new Set([bone]);
  for (let b = bone; b < skeleton.boneCount; b++) {
    if (b !== bone && !inside.has(skeleton.parents[b]!)) continue;
    inside.add(b);
    const p = new Vector3().setFromMatrixPosition(worlds[b]!).sub(pivot).applyQuaternion(q).add(pivot);
    const r = q.clone().multiply(new Quaternion().setFromRotationMatrix(worlds[b]!));
    worlds[b] = new Matrix4().compose(p, r, new Vector3(1, 1, 1));
  }
}

/** The BVH text of the rig playing `clip`. */
export function mocapBvh(skeleton: Skeleton, clip: Animation, options: MocapOptions): string {
  const specs = options.names === 'cmu' ? CMU : BANDAI;
  const index = new Map(specs.map((s, j) => [s[0], j]));
  const parentOf = specs.map((s) => (s[2] === null ? -1 : index.get(s[2])!));
  const toSource = new Quaternion().setFromRotationMatrix(GAME_TO_SOURCE);
  // A flat-footed rig's toe: where the game's toe is ahead of the ankle in the standing rest, at the ankle's height, carried by the foot.
  const flatToes = new Map<number, Vector3>();
  const rest = options.flatFeet ? gameWorlds(skeleton, null, 0).map((m) => STAND.clone().multiply(m)) : [];
  if (options.flatFeet)
    for (const foot of [43, 53]) {
      const [f, t] = [rest[skeleton.indexOf(foot)]!, rest[skeleton.indexOf(foot + 1)]!];
      const ahead = new Vector3().setFromMatrixPosition(t).sub(new Vector3().setFromMatrixPosition(f)).setZ(0);
      flatToes.set(foot + 1, ahead.applyQuaternion(new Quaternion().setFromRotationMatrix(f).invert()));
    }
  const sitsAt = (game: Matrix4[], id: number) => {
    const toe = flatToes.get(id);
    const foot = game[skeleton.indexOf(id - 1)]!;
    return toe
      ? new Vector3().setFromMatrixPosition(foot).add(toe.clone().applyQuaternion(new Quaternion().setFromRotationMatrix(foot)))
      : new Vector3().setFromMatrixPosition(game[skeleton.indexOf(id)]!);
  };
  const worldsAt = (game: Matrix4[]) => {
    // Each joint's world position (source units) and rotation (before its constant) in the source's space.
    const positions: Vector3[] = [];
    const rotations: Quaternion[] = [];
    specs.forEach(([, follows, , sits], j) => {
      const p = parentOf[j]!;
      positions.push(
        sits === null
          ? p < 0
            ? new Vector3()
            : positions[p]!.clone()
          : sitsAt(game, sits).applyMatrix4(GAME_TO_SOURCE).multiplyScalar(options.scale),
      );
      rotations.push(
        follows === null
          ? new Quaternion()
          : toSource.clone().multiply(new Quaternion().setFromRotationMatrix(game[skeleton.indexOf(follows)]!)),
      );
    });
    return { positions, rotations };
  };
  // The skin's rest lies along X (STAND stands it up); the clip's own root turn stands it.
  const standing = (time: number | null) =>
    time === null ? gameWorlds(skeleton, null, 0).map((m) => STAND.clone().multiply(m)) : gameWorlds(skeleton, clip, time);
  // The zero pose and each joint's constant: its world rotation there is the identity (BVH's zero pose).
  const along = options.zero === 'along-x';
  const zero = worldsAt(along ? standing(null) : posedRest(skeleton, options.zero));
  const firstChild = specs.map((_, j) => parentOf.indexOf(j));
  const constant = specs.map((_, j) => {
    if (!along) return zero.rotations[j]!.clone().invert();
    // Bones along X: the joint's X points at its first child in the game's rest.
    const c = firstChild[j]!;
    const toward = c >= 0 ? zero.positions[c]!.clone().sub(zero.positions[j]!) : new Vector3(1, 0, 0);
    const bone = new Quaternion().setFromUnitVectors(
      new Vector3(1, 0, 0),
      toward.lengthSq() > 1e-12 ? toward.normalize() : new Vector3(1, 0, 0),
    );
    return zero.rotations[j]!.clone().invert().multiply(bone);
  });
  const offsets = specs.map((_, j) => {
    const p = parentOf[j]!;
    if (p < 0) return new Vector3();
    const d = zero.positions[j]!.clone().sub(zero.positions[p]!);
    return along ? new Vector3(d.length(), 0, 0) : d;
  });
  const lines = ['HIERARCHY'];
  const write = (j: number, depth: number) => {
    const pad = '\t'.repeat(depth);
    const positions = options.allPositions || parentOf[j]! < 0;
    lines.push(
      `${pad}${parentOf[j]! < 0 ? 'ROOT' : 'JOINT'} ${specs[j]![0]}`,
      `${pad}{`,
      `${pad}\tOFFSET ${offsets[j]!.toArray()
        .map((v) => v.toFixed(6))
        .join(' ')}`,
    );
    lines.push(`${pad}\tCHANNELS ${positions ? 6 : 3}${positions ? ' Xposition Yposition Zposition' : ''} Zrotation Yrotation Xrotation`);
    const children = parentOf.flatMap((p, c) => (p === j ? [c] : []));
    for (const c of children) write(c, depth + 1);
    if (!children.length) lines.push(`${pad}\tEnd Site`, `${pad}\t{`, `${pad}\t\tOFFSET ${along ? '3 0 0' : '0 3 0'}`, `${pad}\t}`);
    lines.push(`${pad}}`);
  };
  write(0, 0);
  const frames = Math.round(clip.duration * options.rate);
  lines.push('MOTION', `Frames: ${frames + 1}`, `Frame Time: ${(1 / options.rate).toFixed(8)}`);
  const order: number[] = [];
  const visit = (j: number) => {
    order.push(j);
    parentOf.forEach((p, c) => p === j && visit(c));
  };
  visit(0);
  for (let f = 0; f <= frames; f++) {
    const { positions, rotations } = worldsAt(standing(Math.min(f / options.rate, clip.duration)));
    const world = rotations.map((r, j) => r.clone().multiply(constant[j]!));
    const values: number[] = [];
    for (const j of order) {
      const p = parentOf[j]!;
      const inverse = p < 0 ? new Quaternion() : world[p]!.clone().invert();
      if (options.allPositions || p < 0)
        values.push(...(p < 0 ? positions[j]! : positions[j]!.clone().sub(positions[p]!).applyQuaternion(inverse)).toArray());
      const local = inverse.clone().multiply(world[j]!);
      const e = new Euler().setFromQuaternion(local, 'ZYX');
      values.push(...[e.z, e.y, e.x].map((a) => (a * 180) / Math.PI));
    }
    lines.push(values.map((v) => v.toFixed(6)).join(' '));
  }
  return `${lines.join('\n')}\n`;
}

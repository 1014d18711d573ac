// Foreign rigs made from an SA clip, as a tool would hand them over: Mixamo or custom names, extra
// joints (a third spine joint, twists, ends, a ground node), other joint axes, 1.15x proportions, cm,
// Y up facing +Z, keyed at 30 Hz; either in the skin's own rest pose or in a T-pose. Built with
// three.js's math, not the library's, so the retargeting is checked against an independent rig.
import { Document, WebIO, type Node } from '@gltf-transform/core';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { bindClip, createPose, poseToMatrices, sampleClip, type Animation, type Skeleton } from '../../src/index.js';

export interface RigOptions {
  names: 'mixamo' | 'custom';
  /**
   * The rig's rest: the skin's own, a T-pose, or an A-pose (arms 45 degrees down); T- and A-pose joints are unrotated at rest, as a BVH's
   * are.
   */
  pose: 'rest' | 'tpose' | 'apose';
  /** The ground node's scale (Mixamo's Armature: 0.01 over joints in cm). Default 1. */
  armatureScale?: number;
  /** Source units per game metre: 100 (cm) times the rig's proportions. */
  scale: number;
  /** Keys a second, or 'keys': keyed at the clip's own key times (every track's, merged), as an exporter that keeps them writes a rig. */
  rate: number | 'keys';
  /** Each rotation key at an odd index stored negated (the same rotation), as SA's KO_shot_front stores some of its keys. */
  flipSigns?: boolean;
}

/**
 * Joint name (Mixamo, custom), the SA bone (HAnim id) it stands for or the one an extra joint follows, its parent, and whether it is an
 * extra.
 */
type JointSpec = [string, string, number, string | null, boolean];
const side = (s: 'Left' | 'Right', base: number): JointSpec[] => {
  const l = s === 'Left' ? 'l' : 'r';
  const arm = base === 30 || base === 20;
  return arm
    ? [
        [`mixamorig:${s}Shoulder`, `clavicle_${l}`, base + 1, 'mixamorig:Spine2', false],
        [`mixamorig:${s}Arm`, `upperarm_${l}`, base + 2, `mixamorig:${s}Shoulder`, false],
        [`mixamorig:${s}ForeArm`, `lowerarm_${l}`, base + 3, `mixamorig:${s}Arm`, false],
        [`mixamorig:${s}ForeArmTwist`, `lowerarm_twist_${l}`, base + 3, `mixamorig:${s}ForeArm`, true],
        [`mixamorig:${s}Hand`, `hand_${l}`, base + 4, `mixamorig:${s}ForeArm`, false],
      ]
    : [
        [`mixamorig:${s}UpLeg`, `thigh_${l}`, base + 1, 'mixamorig:Hips', false],
        [`mixamorig:${s}Leg`, `calf_${l}`, base + 2, `mixamorig:${s}UpLeg`, false],
        [`mixamorig:${s}Foot`, `foot_${l}`, base + 3, `mixamorig:${s}Leg`, false],
        [`mixamorig:${s}ToeBase`, `ball_${l}`, base + 4, `mixamorig:${s}Foot`, false],
        [`mixamorig:${s}Toe_End`, `ball_end_${l}`, base + 4, `mixamorig:${s}ToeBase`, true],
      ];
};
const JOINTS: JointSpec[] = [
  ['Armature', 'ground', 0, null, true],
  ['mixamorig:Hips', 'pelvis', 1, 'Armature', false],
  ['mixamorig:Spine', 'spine_01', 2, 'mixamorig:Hips', false],
  ['mixamorig:Spine1', 'spine_02', 2, 'mixamorig:Spine', true],
  ['mixamorig:Spine2', 'spine_03', 3, 'mixamorig:Spine1', false],
  ['mixamorig:Neck', 'neck_01', 4, 'mixamorig:Spine2', false],
  ['mixamorig:Head', 'head', 5, 'mixamorig:Neck', false],
  ['mixamorig:HeadTop_End', 'head_end', 5, 'mixamorig:Head', true],
  ...side('Left', 30),
  ...side('Right', 20),
  ...side('Left', 40),
  ...side('Right', 50),
];

/** The custom rig's map file: its names to the game's (model names and bone-tag names both). */
export const CUSTOM_MAP: Record<string, string> = {
  pelvis: 'Pelvis',
  spine_01: 'Spine',
  spine_03: 'Spine1',
  neck_01: 'Neck',
  head: 'Head',
  clavicle_l: 'Bip01 L Clavicle',
  upperarm_l: 'L UpperArm',
  lowerarm_l: 'L ForeArm',
  hand_l: 'L Hand',
  clavicle_r: 'Bip01 R Clavicle',
  upperarm_r: 'R UpperArm',
  lowerarm_r: 'R ForeArm',
  hand_r: 'R Hand',
  thigh_l: 'L Thigh',
  calf_l: 'L Calf',
  foot_l: 'L Foot',
  ball_l: 'L Toe',
  thigh_r: 'R Thigh',
  calf_r: 'R Calf',
  foot_r: 'R Foot',
  ball_r: 'R Toe',
};

/** Game (Z up, facing +Y) to the rig's world (Y up, facing +Z): x to -x, y to z, z to y. */
export const GAME_TO_SOURCE = new Matrix4().set(-1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1);

/** The skin's bind pose lies along X; GTA's clips stand it Z up facing +Y (a quarter turn about Y). */
export const STAND = new Matrix4().makeRotationY(-Math.PI / 2);

/** World matrices (three.js) of every game bone, at rest or at a time of the clip. */
export function gameWorlds(skeleton: Skeleton, clip: Animation | null, time: number): Matrix4[] {
  const pose = createPose(skeleton);
  if (clip) sampleClip(bindClip(clip, skeleton), time, pose);
  const flat = poseToMatrices(pose, skeleton);
  return Array.from({ length: skeleton.boneCount }, (_, b) => new Matrix4().fromArray(flat, 16 * b));
}

/** A GLB of the rig with one animation named after the clip. */
export async function foreignRig(skeleton: Skeleton, clip: Animation, options: RigOptions): Promise<Uint8Array> {
  const bone = (id: number) => skeleton.indexOf(id);
  const rest = gameWorlds(skeleton, null, 0).map((m) => STAND.clone().multiply(m));
  const toSource = (m: Matrix4) =>
    new Quaternion().setFromRotationMatrix(new Matrix4().extractRotation(GAME_TO_SOURCE.clone().multiply(m)));
  const place = (p: Vector3) => p.clone().applyMatrix4(GAME_TO_SOURCE).multiplyScalar(options.scale);
  const restPos = (id: number) => new Vector3().setFromMatrixPosition(rest[bone(id)]!);
  const up = new Vector3(0, 0, 1);
  const left = restPos(32).sub(restPos(22)).projectOnPlane(up).normalize();
  // T-pose joint positions in game space: arms straight out, legs straight down, the rest as at rest.
  const tposePos = new Map<number, Vector3>();
  for (const [chain, toward] of [
    [[32, 33, 34, 35], options.pose === 'apose' ? left.clone().sub(up).normalize() : left],
    [[22, 23, 24, 25], (options.pose === 'apose' ? left.clone().add(up).normalize() : left.clone()).negate()],
    [[41, 42, 43], up.clone().negate()],
    [[51, 52, 53], up.clone().negate()],
  ] as const) {
    let at = restPos(chain[0]!);
    for (let i = 1; i < chain.length; i++) {
      at = at.clone().addScaledVector(toward, restPos(chain[i]!).distanceTo(restPos(chain[i - 1]!)));
      tposePos.set(chain[i]!, at);
    }
  }
  for (const [foot, toe] of [
    [43, 44],
    [53, 54],
  ] as const)
    tposePos.set(
      toe,
      tposePos
        .get(foot)!
        .clone()
        .add(restPos(toe).sub(restPos(foot))),
    );
  const restPosition = (spec: JointSpec): Vector3 => {
    const [, , id, , extra] = spec;
    if (spec[0] === 'Armature') return new Vector3();
    const own = options.pose !== 'rest' ? (tposePos.get(id) ?? restPos(id)) : restPos(id);
    if (!extra) return own;
    // Extras sit between their bone and its child (spine, twist) or past it (ends).
    const next = spec[0].includes('End')
      ? own.clone().add(new Vector3(0, 0.05, 0.05))
      : ((options.pose !== 'rest' ? tposePos.get(id + 1) : undefined) ?? restPos(id === 2 ? 3 : id + 1));
    return own.clone().lerp(next, 0.5);
  };
  // Each joint's own axes: a fixed turn from the game bone's (rest rig), none (T-pose rig, as BVH).
  const axes = JOINTS.map((_, j) =>
    new Quaternion().setFromAxisAngle(new Vector3(Math.sin(j), Math.cos(2 * j), 0.5).normalize(), 0.3 + (j % 5) * 0.5),
  );
  const index = new Map(JOINTS.map((spec, j) => [spec[0], j]));
  const tposeChild = new Map([
    [32, 33],
    [33, 34],
    [34, 35],
    [22, 23],
    [23, 24],
    [24, 25],
    [41, 42],
    [42, 43],
    [51, 52],
    [52, 53],
  ]);
  const worldRotation = (j: number, game: Matrix4[]): Quaternion => {
    const [name, , id] = JOINTS[j]!;
    if (name === 'Armature') return new Quaternion();
    if (options.pose === 'rest') return toSource(game[bone(id)]!).multiply(axes[j]!);
    const child = tposeChild.get(id);
    if (child !== undefined) {
      // A limb segment: the shortest turn from its T-pose direction to where the clip points it.
      const from = place(tposePos.get(child)!)
        .sub(place(tposePos.get(id) ?? restPos(id)))
        .normalize();
      const to = place(new Vector3().setFromMatrixPosition(game[bone(child)]!))
        .sub(place(new Vector3().setFromMatrixPosition(game[bone(id)]!)))
        .normalize();
      return new Quaternion().setFromUnitVectors(from, to);
    }
    // Torso, head and feet stand in the T-pose as at the game's rest.
    return toSource(game[bone(id)]!).multiply(toSource(rest[bone(id)]!).invert());
  };
  // The T-pose rig's joints are unrotated at rest, as a BVH's are.
  const restWorld = JOINTS.map((spec, j) =>
    new Matrix4().compose(
      place(restPosition(spec)),
      options.pose !== 'rest' ? new Quaternion() : worldRotation(j, rest),
      new Vector3(1, 1, 1),
    ),
  );
  const doc = new Document();
  const buffer = doc.createBuffer();
  const nodes: Node[] = [];
  JOINTS.forEach((spec, j) => {
    const parent = spec[3] === null ? null : index.get(spec[3])!;
    const local = parent === null ? restWorld[j]! : restWorld[parent]!.clone().invert().multiply(restWorld[j]!);
    const t = new Vector3(),
      q = new Quaternion(),
      s = new Vector3();
    local.decompose(t, q, s);
    const node = doc
      .createNode(options.names === 'mixamo' ? spec[0] : spec[1])
      .setTranslation(t.toArray())
      .setRotation(q.toArray() as [number, number, number, number]);
    if (spec[0] === 'Armature' && options.armatureScale)
      node.setScale([options.armatureScale, options.armatureScale, options.armatureScale]);
    if (parent !== null) nodes[parent]!.addChild(node);
    nodes.push(node);
  });
  doc.createScene().addChild(nodes[0]!);
  // A skin over the joints below the ground node, so importers (Blender's) make them an armature.
  const inverseBinds = new Float32Array(16 * (JOINTS.length - 1));
  restWorld.slice(1).forEach((world, j) =>
    world
      .clone()
      .invert()
      .toArray(inverseBinds, 16 * j),
  );
  const skin = doc
    .createSkin()
    .setSkeleton(nodes[1]!)
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(inverseBinds).setBuffer(buffer));
  for (const node of nodes.slice(1)) skin.addJoint(node);
  const rate = options.rate;
  const times =
    rate === 'keys'
      ? Float32Array.from(new Set([0, ...clip.bones.flatMap((track) => [...track.times]), clip.duration].map((t) => Math.fround(t)))).sort()
      : Float32Array.from({ length: Math.round(clip.duration * rate) + 1 }, (_, k) => Math.min(k / rate, clip.duration));
  const rotations = JOINTS.map(() => new Float32Array(4 * times.length));
  const hips = new Float32Array(3 * times.length);
  times.forEach((time, k) => {
    const game = gameWorlds(skeleton, clip, time);
    const world = JOINTS.map((_, j) => worldRotation(j, game));
    JOINTS.forEach((spec, j) => {
      const parent = spec[3] === null ? null : index.get(spec[3])!;
      const local = parent === null ? world[j]! : world[parent]!.clone().invert().multiply(world[j]!);
      local.toArray(rotations[j]!, 4 * k);
      if (options.flipSigns && k % 2) for (let c = 0; c < 4; c++) rotations[j]![4 * k + c] = -rotations[j]![4 * k + c]!;
    });
    place(new Vector3().setFromMatrixPosition(game[bone(1)]!)).toArray(hips, 3 * k);
  });
  const animation = doc.createAnimation(clip.name);
  const input = doc.createAccessor().setType('SCALAR').setArray(times).setBuffer(buffer);
  const channel = (node: Node, path: 'rotation' | 'translation', values: Float32Array) => {
    const sampler = doc
      .createAnimationSampler()
      .setInput(input)
      .setOutput(
        doc
          .createAccessor()
          .setType(path === 'rotation' ? 'VEC4' : 'VEC3')
          .setArray(values)
          .setBuffer(buffer),
      )
      .setInterpolation('LINEAR');
    animation.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  };
  JOINTS.forEach((spec, j) => spec[0] !== 'Armature' && channel(nodes[j]!, 'rotation', rotations[j]!));
  channel(nodes[index.get('mixamorig:Hips')!]!, 'translation', hips);
  return new WebIO().writeBinary(doc);
}

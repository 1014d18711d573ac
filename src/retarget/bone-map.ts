// Which joint of a foreign rig drives which bone of the game's skeleton. Bones are named here by their
// HAnim ids, which every GTA ped skin shares whatever its frame names, so one table serves all skins.
import { boneTagId } from '../core/bone-tags.js';
import type { Skeleton } from '../core/skeleton.js';
import { RetargetError } from './errors.js';

/** What `retarget` is told about names: the Mixamo preset, automatic matching, or `{ sourceName: gameBoneName }`. */
export type BoneMapOption = 'mixamo' | 'auto' | Readonly<Record<string, string>>;

/** Which source joint drives each game bone, and why it was matched. */
export interface BoneMap {
  /** Per game bone, the source joint that drives it, or -1. */
  jointOfBone: Int32Array;
  /** One line per matched bone: what matched it and why. */
  report: string[];
}

/** Mixamo's joint names (without the `mixamorig:` prefix) and the HAnim id of the game bone each drives. */
export const MIXAMO_PRESET: Readonly<Record<string, number>> = {
  Hips: 1,
  Spine: 2,
  Spine2: 3,
  Neck: 4,
  Head: 5,
  LeftShoulder: 31,
  LeftArm: 32,
  LeftForeArm: 33,
  LeftHand: 34,
  LeftHandIndex1: 35,
  LeftHandIndex2: 36,
  RightShoulder: 21,
  RightArm: 22,
  RightForeArm: 23,
  RightHand: 24,
  RightHandIndex1: 25,
  RightHandIndex2: 26,
  LeftUpLeg: 41,
  LeftLeg: 42,
  LeftFoot: 43,
  LeftToeBase: 44,
  RightUpLeg: 51,
  RightLeg: 52,
  RightFoot: 53,
  RightToeBase: 54,
};

/** `mixamorig:Hips`, `mixamorig1:Hips`, `mixamorig_Hips`, and three.js's sanitised `mixamorigHips`. */
const mixamoName = (name: string) => /^mixamorig\d*[:_]?(.+)$/i.exec(name)?.[1] ?? name;

/** Words a rig uses for each limb segment, both sides (the side comes from its own word). */
const SIDED: ReadonlyArray<[RegExp, number, string]> = [
  [/^(clavicle|shoulder|collar|collarbone)$/, 1, 'clavicle'],
  [/^(upperarm|uparm|arm|humerus)$/, 2, 'upper arm'],
  [/^(forearm|lowerarm|elbow)$/, 3, 'forearm'],
  [/^(hand|wrist)$/, 4, 'hand'],
  [/^(thigh|upleg|upperleg|hip|femur)$/, 11, 'thigh'],
  [/^(calf|leg|lowerleg|shin|knee)$/, 12, 'calf'],
  [/^(foot|ankle)$/, 13, 'foot'],
  [/^(toe|toe0|toes|toebase|ball)$/, 14, 'toe'],
];
/** The HAnim id of a sided segment: left arm 31-34, right arm 21-24, left leg 41-44, right leg 51-54. */
const sidedId = (side: 'L' | 'R', segment: number) =>
  segment < 10 ? (side === 'L' ? 30 : 20) + segment : (side === 'L' ? 40 : 50) + segment - 10;
const CENTRE: ReadonlyArray<[RegExp, number, string]> = [
  [/^(pelvis|hips|hip)$/, 1, 'pelvis'],
  [/^(neck|neck1)$/, 4, 'neck'],
  [/^(head)$/, 5, 'head'],
];
const SPINE = /^(spine\d?|chest\d?|upperchest|torso|abdomen|lowerback|upperback)$/;
/** Joints that are no segment of their own: twist and roll helpers, end sites, nubs. */
const HELPER = /(twist|roll|end|nub|tip|site)/;

/** A name's words: split at separators and lower-to-upper case changes, lower case, known prefixes dropped. */
function words(name: string): string[] {
  return mixamoName(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !/^(bip0*1|bip|mixamorig\d*|def|b|j|bone|jnt|\d+)$/.test(word));
}

/** Resolves a map option against a rig's joint names and the skeleton it is for. */
export function resolveBoneMap(names: readonly string[], parents: ArrayLike<number>, skeleton: Skeleton, option: BoneMapOption): BoneMap {
  const jointOfBone = new Int32Array(skeleton.boneCount).fill(-1);
  const report: string[] = [];
  const assign = (joint: number, bone: number, why: string) => {
    if (bone < 0 || jointOfBone[bone]! >= 0) return;
    jointOfBone[bone] = joint;
    report.push(`"${names[joint]}" -> "${skeleton.names[bone]!.trim()}" (${why})`);
  };
  if (typeof option === 'object') {
    const problems: string[] = [];
    for (const [source, target] of Object.entries(option)) {
      const joint = names.indexOf(source);
      const bone = gameBone(skeleton, target);
      if (joint < 0) problems.push(`the source has no joint "${source}"`);
      else if (bone < 0) problems.push(`"${target}" (for "${source}") is no bone of the model nor a bone-tag name`);
      else assign(joint, bone, 'map file');
    }
    if (problems.length) throw new RetargetError('bad-map', `the bone map does not fit: ${problems.join('; ')}`);
    return { jointOfBone, report };
  }
  const presetHits = names.filter((name) => mixamoName(name) !== name && mixamoName(name) in MIXAMO_PRESET).length;
  if (option === 'mixamo' || presetHits >= 8) {
    names.forEach((name, joint) => {
      const id = MIXAMO_PRESET[mixamoName(name)];
      if (id !== undefined) assign(joint, skeleton.indexOf(id), 'Mixamo preset');
    });
    return { jointOfBone, report };
  }
  // The game's own names first, then the words rigs use for each segment.
  names.forEach((name, joint) => assign(joint, gameBone(skeleton, name.replace(/_/g, ' ')), 'the game bone of that name'));
  const spine: number[] = [];
  names.forEach((name, joint) => {
    const all = words(name);
    if (all.some((word) => HELPER.test(word))) return;
    const side = all.includes('l') || all.includes('left') ? 'L' : all.includes('r') || all.includes('right') ? 'R' : null;
    const part = all.filter((word) => !['l', 'left', 'r', 'right'].includes(word)).join('');
    if (side) {
      for (const [pattern, segment, what] of SIDED)
        if (pattern.test(part))
          assign(joint, skeleton.indexOf(sidedId(side, segment)), `${side === 'L' ? 'left' : 'right'} side, "${part}" is the ${what}`);
    } else if (SPINE.test(part)) spine.push(joint);
    else for (const [pattern, id, what] of CENTRE) if (pattern.test(part)) assign(joint, skeleton.indexOf(id), `"${part}" is the ${what}`);
  });
  // A spine of any length: its first joint drives the game's Spine, its last the chest (Spine1); the
  // joints between are carried in their children's world rotations.
  const depth = (joint: number): number => (parents[joint]! < 0 ? 0 : 1 + depth(parents[joint]!));
  spine.sort((a, b) => depth(a) - depth(b));
  if (spine.length) assign(spine[0]!, skeleton.indexOf(2), `the first of ${spine.length} spine joints`);
  if (spine.length > 1) assign(spine[spine.length - 1]!, skeleton.indexOf(3), `the last of ${spine.length} spine joints`);
  fillFromHierarchy(names, parents, skeleton, jointOfBone, assign);
  return { jointOfBone, report };
}

/**
 * Segments the words left out, found by where they are: between a limb's mapped joints there is the
 * segment they skip (CMU's LeftShoulder between its LeftCollar and LeftElbow is the upper arm). The
 * joint taken is the nearest above the lower mapped joint, on the path up to the upper one, that is no
 * helper (twist, roll, end) and drives nothing else (CMU's LHipJoint, at the hips, is passed over).
 */
function fillFromHierarchy(
  names: readonly string[],
  parents: ArrayLike<number>,
  skeleton: Skeleton,
  jointOfBone: Int32Array,
  assign: (joint: number, bone: number, why: string) => void,
): void {
  const mapped = (id: number) => (skeleton.indexOf(id) >= 0 ? jointOfBone[skeleton.indexOf(id)]! : -1);
  for (const base of [20, 30, 40, 50]) {
    // A clavicle has no joint below the spine to find it by; a thigh has the pelvis.
    for (let segment = base < 40 ? 2 : 1; segment <= 3; segment++) {
      const id = base + segment;
      if (skeleton.indexOf(id) < 0 || mapped(id) >= 0) continue;
      const above = mapped(id - 1 === base ? 1 : id - 1);
      const below = mapped(id + 1);
      if (above < 0 || below < 0) continue;
      const path: number[] = [];
      for (let joint = parents[below]!; joint >= 0 && joint !== above; joint = parents[joint]!) path.unshift(joint);
      if (path.length && parents[path[0]!] !== above) continue; // the upper joint is no ancestor
      const candidate = [...path]
        .reverse()
        .find((joint) => !words(names[joint]!).some((word) => HELPER.test(word)) && !jointOfBone.includes(joint));
      if (candidate === undefined) continue;
      const [upper, lower] = [names[above]!, names[below]!];
      assign(candidate, skeleton.indexOf(id), `between "${upper}" and "${lower}" in the hierarchy`);
    }
  }
}

/** A game bone by the model's name (surrounding spaces and case ignored) or the game's bone-tag name. */
function gameBone(skeleton: Skeleton, name: string): number {
  const byName = skeleton.indexOf(name);
  if (byName >= 0) return byName;
  const id = boneTagId(name);
  return id >= 0 ? skeleton.indexOf(id) : -1;
}

/** The game bones a clip cannot do without: the pelvis and every arm and leg segment. */
export const REQUIRED_BONES = [1, 32, 33, 22, 23, 41, 42, 51, 52];

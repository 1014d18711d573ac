import { boneNameKey } from './skeleton.js';

/**
 * The game's own names for the ped bones it animates, by HAnim id (San Andreas'
 * `ConvertBoneTag2BoneName`; the same ids in Vice City). A track without a usable bone id is looked
 * up here on a skinned ped, not among the model's frame names, and three of these differ from the
 * frame names skins carry: `R Fingers`/`L Fingers` (frames `R Finger`/`L Finger`) and `L Toe`/`R Toe`
 * (frames `L Toe0`/`R Toe0`).
 */
export const PED_BONE_TAGS: Readonly<Record<number, string>> = {
  0: 'Root',
  1: 'Pelvis',
  2: 'Spine',
  3: 'Spine1',
  4: 'Neck',
  5: 'Head',
  6: 'L Brow',
  7: 'R Brow',
  8: 'Jaw',
  21: 'Bip01 R Clavicle',
  22: 'R UpperArm',
  23: 'R Forearm',
  24: 'R Hand',
  25: 'R Fingers',
  26: 'R Finger01',
  31: 'Bip01 L Clavicle',
  32: 'L UpperArm',
  33: 'L Forearm',
  34: 'L Hand',
  35: 'L Fingers',
  36: 'L Finger01',
  41: 'L Thigh',
  42: 'L Calf',
  43: 'L Foot',
  44: 'L Toe',
  51: 'R Thigh',
  52: 'R Calf',
  53: 'R Foot',
  54: 'R Toe',
  201: 'Belly',
  301: 'R Breast',
  302: 'L Breast',
};

/**
 * GTA III's names for the bones of a skinned ped, by HAnim id: the bone tags of re3 built with
 * `PED_SKIN` (`src/animation/Bones.h`, `ConvertBoneTag2BoneName` in `src/animation/Bones.cpp`), which the
 * mobile and Xbox ports' skinned peds carry. They are the frame names of III's unskinned peds and the
 * track names of III's `ped.ifp`, whose tracks carry no ids.
 */
export const GTA3_PED_BONE_TAGS: Readonly<Record<number, string>> = {
  0: 'Swaist',
  1: 'Supperlegr',
  2: 'Slowerlegr',
  3: 'Sfootr',
  4: 'Supperlegl',
  5: 'Slowerlegl',
  6: 'Sfootl',
  7: 'Smid',
  8: 'Storso',
  9: 'Shead',
  10: 'Supperarmr',
  11: 'Slowerarmr',
  12: 'SRhand',
  13: 'Supperarml',
  14: 'Slowerarml',
  15: 'SLhand',
};

/** Which game's bone tags a skinned ped's ids follow: San Andreas' and Vice City's, or GTA III's. */
export type BoneTagTable = 'sa' | 'gta3';

const TABLES: Record<BoneTagTable, Readonly<Record<number, string>>> = { sa: PED_BONE_TAGS, gta3: GTA3_PED_BONE_TAGS };
const idsByTag = (table: Readonly<Record<number, string>>) =>
  new Map(Object.entries(table).map(([id, name]) => [boneNameKey(name), Number(id)]));
const ID_BY_TAG: Record<BoneTagTable, Map<string, number>> = { sa: idsByTag(PED_BONE_TAGS), gta3: idsByTag(GTA3_PED_BONE_TAGS) };

/** The HAnim id the game gives a bone name (case ignored, surrounding spaces trimmed), or -1; San Andreas' table unless told. */
export function boneTagId(name: string, table: BoneTagTable = 'sa'): number {
  return ID_BY_TAG[table].get(boneNameKey(name)) ?? -1;
}

/** The name the game gives an HAnim id in a table, or undefined. */
export function boneTagName(id: number, table: BoneTagTable = 'sa'): string | undefined {
  return TABLES[table][id];
}

/**
 * The table a skinned ped's bones follow: GTA III's when one of its bones is named as III's table
 * names its id (`Swaist` with id 0), else San Andreas' (which Vice City shares).
 */
export function boneTagTableOf(names: readonly string[], ids: ArrayLike<number>): BoneTagTable {
  for (let bone = 0; bone < names.length; bone++) {
    const tag = GTA3_PED_BONE_TAGS[ids[bone]!];
    if (tag !== undefined && boneNameKey(tag) === boneNameKey(names[bone]!)) return 'gta3';
  }
  return 'sa';
}

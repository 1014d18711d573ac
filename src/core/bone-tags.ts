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

const idByTag = new Map(Object.entries(PED_BONE_TAGS).map(([id, name]) => [boneNameKey(name), Number(id)]));

/** The HAnim id the game gives a bone name (case ignored, surrounding spaces trimmed), or -1. */
export function boneTagId(name: string): number {
  return idByTag.get(boneNameKey(name)) ?? -1;
}

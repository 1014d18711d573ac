// The codes of retargeting (gameanim/retarget): not a file format, so its table merges into the
// core's CodeTables (below), not FormatCodeTables; its errors (RetargetError) name no format.

/** Why a source could not be retargeted, with what each code means. */
export const RETARGET_CODES = {
  'bad-map': 'a bone map that names a joint the source does not have, or a bone neither the model nor the bone-tag table has',
  'unmapped-limbs': 'no joint of the source maps to one of the bones a body needs (the pelvis, arms and legs)',
  'bad-source': 'a file that is not a glTF, FBX or BVH a source reader can read',
  'no-animation': 'a source with no animation to retarget',
  'no-reference':
    'no pose of a clip to measure the source by: the rest is no standing body and no frame stands, or the frame asked for is not in the clip',
} as const;

declare module '../core/codes.js' {
  interface CodeTables {
    RETARGET: typeof RETARGET_CODES;
  }
}

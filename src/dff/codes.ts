// The codes of DFF models: errors and warnings only this format has. Adding the table to the
// core's FormatCodeTables (below) makes 'DFF' a FormatName and these codes Codes; nothing in core is edited.
/** The error and warning codes only RenderWare models (DFF) have, with what each means. */
export const DFF_CODES = {
  'no-clump': 'no Clump section: not a RenderWare model',
  'no-frame-list': 'the Clump holds no Frame List',
  'skin-mismatch': 'the Skin PLG has another bone count than the HAnim hierarchy (an error when strict, else a warning)',
  'bad-skin': 'the older Skin PLG layout without its 0xDEADDEAD markers (an error when strict, else a warning)',
  'bad-struct-size': 'a DFF Clump Struct whose size lies (protected models); read as 12 bytes, as the game does',
  'no-hanim': 'a DFF model without an HAnim hierarchy: its skeleton is its frames, bound by frame name',
  'hierarchy-mismatch': "a DFF's PUSH/POP flags and frame links disagree: the frame links win",
  'non-orthonormal-frame': 'DFF frame matrices scaled or sheared beyond float noise: rest rotations use the nearest rotation',
  'frames-disagree-with-skin':
    "a skinned DFF whose frames' rest pose differs from its Skin PLG's beyond float noise: posed from the Skin PLG, as the game does",
  'scaled-bind-matrix':
    'DFF Skin PLG bind matrices scaled or sheared beyond float noise: rest rotations use the nearest rotation, the scale is kept apart',
  'missing-bone-frame': 'a DFF HAnim node with no frame of its id: identity rest pose',
  'missing-txd':
    'the texture dictionary a model loader reads with a .dff (the .txd beside it, or the one named) is not there or cannot be fetched',
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    DFF: typeof DFF_CODES;
  }
}

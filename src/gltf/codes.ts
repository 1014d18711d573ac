// The codes of glTF input and output (gameanim/gltf): glTF is read and written by an adapter, not a
// registry entry, so its table is exported by the adapter. Adding it to the core's FormatCodeTables
// (below) makes 'GLTF' a FormatName and these codes Codes; nothing in core is edited.

/** The error codes only glTF input has, with what each means. */
export const GLTF_CODES = {
  'bad-gltf': 'a file that is neither a glTF binary (.glb) nor a JSON glTF (.gltf) glTF-Transform can read',
  'missing-resource': "a file a .gltf's buffer or image URI names (its .bin, a PNG) that was not given or cannot be read",
} as const;

declare module '../core/codes.js' {
  interface FormatCodeTables {
    GLTF: typeof GLTF_CODES;
  }
}

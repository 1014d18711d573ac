/**
 * The error and warning codes more than one format uses; the same code means the same condition in
 * every format. Each format folder declares its own codes (src/<format>/codes.ts) and adds them to
 * `FormatCodeTables`, so a new format edits nothing here. The one table users read, `CODES`, is
 * assembled from all of them (src/codes.ts).
 */
export const SHARED_CODES = {
  // Errors (DecodeError)
  truncated: 'the data ends inside a structure, or a size claims more bytes than its container holds',
  'count-exceeds-data': 'a count needs more bytes than remain (checked before anything is allocated); a warning in lenient IFP reads',
  'bad-count': 'a count is negative',
  'unknown-magic': "the data does not start with the format's magic",
  'bad-parent': 'a parent index is out of range',
  'missing-chunk': 'a required chunk is absent (ANM2: HEAD, BONE, QUAT; ILFF clips: DHNA, REIH, TNVE)',
  'chunk-size': "a chunk's payload does not match its formula",
  'hierarchy-cycle': 'parent links form a cycle',
  'unknown-section': 'another section where the format requires a container or struct',
  // Shared by glTF import and export: checked before the work is done
  'work-exceeds-input': 'the work an input asks for (samples to resample, keys to look up) is more than its size justifies (refused)',

  // Errors (EncodeError), refused before anything is written: a writer refusing what its reader would
  // refuse uses that reader's code
  'field-overflow': 'a value its field on disk cannot hold: too large, negative, not whole, or a name too long or outside Latin-1',
  'mismatched-lengths': 'arrays a writer is given that must agree in length do not (keys and their values, bones and their tracks)',
  'cannot-store': 'data the chosen layout has no place for (IFP: scale keys in ANP3 or ANP2, a bone id in 48-byte ANPK chunks)',
  'bad-name': 'a name the format cannot hold (IMG: 1 to 23 printable Latin-1 characters, no / or \\, not . or ..; IFP: Latin-1)',

  // Edits refused (EditError, an EncodeError): also bad-name above
  'no-such-animation': 'an edit names an animation the file does not hold (names compared as the game compares them)',
  'name-taken': 'an edit would give two animations (IFP) or two entries (IMG) one name as the game compares them (ASCII case ignored): the game would use only the first',
  'no-such-entry': 'an edit names an IMG entry the archive does not hold',
  'outside-clip': 'a trim range that does not lie inside the clip',
  'bad-factor': 'a speed factor that is not a positive finite number, or that takes key times past what a float holds; a reduce tolerance that is not a finite number of centimetres, 0 or more',
  'mixed-formats': 'packages read in different formats written without naming one',

  // Warnings (DecodeWarning)
  'trailing-bytes': 'bytes after the last structure, ignored',
  'duplicate-name': 'IMG entries with the same name: lookups return the first',
} as const;

/** glTF is read and written by an adapter (gameanim/gltf), not a registry entry: its code is kept here. */
export const GLTF_CODES = {
  'bad-gltf': 'a file that is neither a glTF binary (.glb) nor a JSON glTF (.gltf) glTF-Transform can read',
  'missing-resource': "a file a .gltf's buffer or image URI names (its .bin, a PNG) that was not given or cannot be read",
} as const;

/**
 * Every format's own codes, by the name its errors carry. Open: each format folder adds its table by
 * declaration merging (`declare module '../core/codes.js'` in src/<format>/codes.ts).
 */
export interface FormatCodeTables {
  GLTF: typeof GLTF_CODES;
}

/** The file formats this library reads; every error and warning names one. */
export type FormatName = keyof FormatCodeTables;

/** A code from the one table, `CODES`: `DecodeError.code` and `DecodeWarning.code` are typed with these. */
export type Code = keyof typeof SHARED_CODES | { [Name in FormatName]: keyof FormatCodeTables[Name] }[FormatName];

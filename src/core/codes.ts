/**
 * The error and warning codes more than one format uses, and those of the library as a whole (API
 * misuse, a missing peer); the same code means the same condition everywhere. Each format folder
 * declares its own codes (src/<format>/codes.ts) and adds them to `FormatCodeTables`, and each domain
 * that is not a format (retargeting) to `CodeTables`, so a new one edits nothing here. Every error the
 * library throws carries one of these codes (`test/core/error-codes.test.ts` checks each `throw`). The
 * table users read, `CODES`, is assembled from the shared codes and every registry entry's
 * (src/registry.ts); the adapters export theirs beside it (`GLTF_CODES`, `RETARGET_CODES`).
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
  'name-taken':
    'an edit would give two animations (IFP) or two entries (IMG) one name as the game compares them (ASCII case ignored): the game would use only the first',
  'no-such-entry': 'an edit names an IMG entry the archive does not hold',
  'outside-clip': 'a trim range that does not lie inside the clip',
  'bad-factor':
    'a speed factor that is not a positive finite number, or that takes key times past what a float holds; a reduce tolerance that is not a finite number of centimetres, 0 or more',
  'mixed-formats': 'packages read in different formats written without naming one',

  // Warnings (DecodeWarning)
  'trailing-bytes': 'bytes after the last structure, ignored',
  'duplicate-name': 'IMG entries with the same name: lookups return the first',

  // API misuse, refused before any work: arguments (ArgumentError, a RangeError; also field-overflow,
  // bad-parent and hierarchy-cycle above, for the same conditions in arguments), state (StateError)
  'bad-argument': 'an argument outside what the function takes: a weight, rate or byte count out of range, an id the file does not hold',
  'size-mismatch':
    'buffers, poses, skeletons or lists given together that do not agree in size (an output too small, a pose of another skeleton)',
  'missing-data':
    'an input without what the call needs: a skeleton without inverse bind matrices, a geometry without skin weights, an export without a skeleton',
  released: 'a reader or memory used after the decoder that lent it was reset, or its memory released',
  'out-of-memory': 'more memory than a wasm32 memory holds, or more than the host gives (a RangeError, as the host gives it)',
  'backend-unavailable': 'a wasm backend this host does not offer (SIMD), or one asked for before `ready` resolved',
  // The library as a whole
  'missing-peer': 'an optional peer dependency the call needs is not installed (MissingPeerError names it)',
  'kernel-assertion': "a debug kernel's assertion failed (InternalError): a bug in gameanim, never bad input",
} as const;

/**
 * Every format's own codes, by the name its errors carry. Open: each format folder adds its table by
 * declaration merging (`declare module '../core/codes.js'` in src/<format>/codes.ts; glTF's in
 * src/gltf/codes.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FormatCodeTables {}

/**
 * The code tables of domains that are not file formats (retargeting), merged by declaration as the
 * formats' are (src/retarget/codes.ts). Their errors name no format.
 */
export interface CodeTables extends FormatCodeTables {}

/** The file formats this library reads; every error and warning names one. */
export type FormatName = keyof FormatCodeTables;

/** A code from the one merged table: every error the library throws has one in `code`, as do warnings. */
export type Code = keyof typeof SHARED_CODES | { [Name in keyof CodeTables]: keyof CodeTables[Name] }[keyof CodeTables];

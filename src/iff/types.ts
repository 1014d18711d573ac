/** A bone of an ANM2 skeleton. */
export interface IFFBone {
  index: number;
  /** Parent index, -1 for a root. */
  parent: number;
  /** 16 floats, column-major (glTF order): a view into the reader's `inverseBindMatrices`. */
  inverseBindMatrix: Float32Array;
}

/** One bone's rotation track. */
export interface IFFTrack {
  boneIndex: number;
  /** `bone<index>`: ANM2 stores no names. */
  boneName: string;
  /** -1: ANM2 stores no HAnim ids. */
  boneId: number;
  /** The root motion (TRAN) for bone 0, else null. */
  translations: Float32Array | null;
  /** Key times in seconds, `i / sampleRate`; one array shared by every track. */
  times: Float32Array;
  /** x, y, z, w per key, as stored (not normalised). */
  rotations: Float32Array;
}

/** A chunk the reader does not know: listed (with a view of its payload) and skipped. */
export interface IFFUnknownChunk {
  id: string;
  offset: number;
  size: number;
  data: Uint8Array;
}

/** What `writeIFF` takes; an `IFFReader` is one. */
export interface IFFClip {
  duration: number;
  sampleRate: number;
  frameCount: number;
  parents: ArrayLike<number>;
  /** 16 floats per bone, column-major. */
  inverseBindMatrices: Float32Array;
  /** One per bone, in bone order: `frameCount` keys of x, y, z, w. */
  tracks: ReadonlyArray<{ rotations: Float32Array }>;
  /** Root motion: x, y, z per frame, or null for no TRAN chunk. */
  rootMotion?: Float32Array | null;
  /** Extra chunks to write after the known ones (ids must be 4 characters). */
  unknownChunks?: ReadonlyArray<{ id: string; data: Uint8Array }>;
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `IFFBone` (format names are written in capitals). */
export type IffBone = IFFBone;
/** @deprecated Use `IFFTrack` (format names are written in capitals). */
export type IffTrack = IFFTrack;
/** @deprecated Use `IFFUnknownChunk` (format names are written in capitals). */
export type IffUnknownChunk = IFFUnknownChunk;
/** @deprecated Use `IFFClip` (format names are written in capitals). */
export type IffClip = IFFClip;

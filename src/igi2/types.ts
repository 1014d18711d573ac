import type { SkeletalTrack } from '../core/clip.js';

/**
 * One bone's keys. Rotations, in-tangents and out-tangents are x y z w per key (structure of arrays,
 * one Float32Array each); positions x y z per key with their own times, or null (in real files only
 * bone 0, the root motion, has them).
 */
export interface IGI2Track extends SkeletalTrack {
  /** Seconds: `rotationTicks / ticksPerSecond`. */
  readonly rotationTimes: Float32Array;
  readonly rotationTicks: Uint32Array;
  readonly inTangents: Float32Array;
  readonly outTangents: Float32Array;
  readonly positionTimes: Float32Array | null;
  readonly positionTicks: Uint32Array | null;
  readonly positions: Float32Array | null;
}

/** A key of an attachment: entry type 7 (a pose) or 1 (re-parenting to a bone, with a 3x3 matrix). */
export interface IGI2AttachmentKey {
  ticks: number;
  time: number;
  position: Float32Array;
  /** Type 7: the attachment's rotation, x y z w. Null for type 1 keys. */
  rotation: Float32Array | null;
  /** Type 1: the bone it re-parents to (-1: none). Null for type 7 keys. */
  bone: number | null;
  /** Type 1: a 3x3 matrix, row-major. Null for type 7 keys. */
  matrix: Float32Array | null;
}

/** An object the clip carries (a weapon, a grenade pin), from ATTA, with its own keys. */
export interface IGI2Attachment {
  /** Up to 15 characters. */
  name: string;
  position: Float32Array;
  orientation: Float32Array;
  /** A second quaternion of unknown meaning, kept as read. */
  rotation2: Float32Array;
  /** A float of unknown meaning, kept as read. */
  unknown: number;
  /** The bone it hangs from; -1 for none. */
  bone: number;
  /**
   * As read from the record's last two words: its own index in ATTA, and the TNVE word offset of its first pose entry (0: none). The writer
   * computes both.
   */
  recordIndex: number;
  firstPoseWord: number;
  keys: IGI2AttachmentKey[];
}

/** An event the game fires at a time (a sound, a throw). */
export interface IGI2Trigger {
  ticks: number;
  time: number;
  /** -1 for none. */
  bone: number;
  /** The low 16 bits of the stored event word. */
  event: number;
  position: Float32Array;
}

/** The entries after the separator: keys past the duration, which a looping clip wraps into. */
export interface IGI2WrapKeys {
  tracks: IGI2Track[];
  /** Per attachment, its keys after the separator. */
  attachmentKeys: IGI2AttachmentKey[][];
  triggers: IGI2Trigger[];
}

/** How `IGI2ClipReader` reads: strictly or not, and at what tick rate. */
export interface IGI2ClipReaderOptions {
  /** Throw on unknown entry types instead of skipping them with a warning. Default false. */
  strict?: boolean;
  /** Ticks per second. Default 4800, fitted to the retail files (every duration is a multiple of 160, a frame at 30 fps), not proven. */
  ticksPerSecond?: number;
}

/**
 * How one track's frames are stored. The numbering is shared with assembly/decode-tracks.ts,
 * which switches on it.
 */
export const enum TrackKind {
  AnpFloatRot = 1,
  AnpFloatRotTrans = 2,
  AnpInt16Rot = 3,
  AnpInt16RotTrans = 4,
  AnpkKR00 = 5,
  AnpkKRT0 = 6,
  AnpkKRTS = 7,
}

export type KeyframeType = 'KR00' | 'KRT0' | 'KRTS';

interface KindInfo {
  frameBytes: number;
  keyframeType: KeyframeType;
  compressed: boolean;
}

export const KIND_INFO: Record<TrackKind, KindInfo> = {
  [TrackKind.AnpFloatRot]: { frameBytes: 20, keyframeType: 'KR00', compressed: false },
  [TrackKind.AnpFloatRotTrans]: { frameBytes: 32, keyframeType: 'KRT0', compressed: false },
  [TrackKind.AnpInt16Rot]: { frameBytes: 10, keyframeType: 'KR00', compressed: true },
  [TrackKind.AnpInt16RotTrans]: { frameBytes: 16, keyframeType: 'KRT0', compressed: true },
  [TrackKind.AnpkKR00]: { frameBytes: 20, keyframeType: 'KR00', compressed: false },
  [TrackKind.AnpkKRT0]: { frameBytes: 32, keyframeType: 'KRT0', compressed: false },
  [TrackKind.AnpkKRTS]: { frameBytes: 44, keyframeType: 'KRTS', compressed: false },
};

/** ANP3/ANP2 `frameType` 1..4 maps straight onto the first four kinds. */
export function anpFrameTypeKind(frameType: number): TrackKind | undefined {
  return frameType >= 1 && frameType <= 4 ? (frameType as TrackKind) : undefined;
}

export const ANPK_KEY_TAGS: Record<string, TrackKind> = {
  KR00: TrackKind.AnpkKR00,
  KRT0: TrackKind.AnpkKRT0,
  KRTS: TrackKind.AnpkKRTS,
};

/** Floats a track of this kind occupies in the output: times, rotations, then optional vectors. */
export function outputFloatsPerFrame(keyframeType: KeyframeType): number {
  return keyframeType === 'KR00' ? 5 : keyframeType === 'KRT0' ? 8 : 11;
}

/** The games' fixed-point constants for compressed frames. */
export const ROTATION_DIVISOR = 4096;
export const TICKS_PER_SECOND = 60;
export const TRANSLATION_DIVISOR = 1024;

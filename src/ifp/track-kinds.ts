import * as layout from '../core/wasm-layout.js';

/**
 * How one track's frames are stored. The numbers and frame sizes come from src/core/wasm-layout.ts,
 * which assembly/decode-tracks.ts switches on too.
 */
export const TrackKind = {
  AnpFloatRot: layout.KIND_ANP_FLOAT_ROT,
  AnpFloatRotTrans: layout.KIND_ANP_FLOAT_ROT_TRANS,
  AnpInt16Rot: layout.KIND_ANP_INT16_ROT,
  AnpInt16RotTrans: layout.KIND_ANP_INT16_ROT_TRANS,
  AnpkKR00: layout.KIND_ANPK_KR00,
  AnpkKRT0: layout.KIND_ANPK_KRT0,
  AnpkKRTS: layout.KIND_ANPK_KRTS,
} as const;
export type TrackKind = (typeof TrackKind)[keyof typeof TrackKind];

/** The key layout of an ANPK track: rotations (KR00), with translations (KRT0), and with scales (KRTS). */
export type KeyframeType = 'KR00' | 'KRT0' | 'KRTS';

interface KindInfo {
  frameBytes: number;
  keyframeType: KeyframeType;
  compressed: boolean;
}

export const KIND_INFO: Record<TrackKind, KindInfo> = {
  [TrackKind.AnpFloatRot]: { frameBytes: layout.FRAME_BYTES_ANP_FLOAT_ROT, keyframeType: 'KR00', compressed: false },
  [TrackKind.AnpFloatRotTrans]: { frameBytes: layout.FRAME_BYTES_ANP_FLOAT_ROT_TRANS, keyframeType: 'KRT0', compressed: false },
  [TrackKind.AnpInt16Rot]: { frameBytes: layout.FRAME_BYTES_ANP_INT16_ROT, keyframeType: 'KR00', compressed: true },
  [TrackKind.AnpInt16RotTrans]: { frameBytes: layout.FRAME_BYTES_ANP_INT16_ROT_TRANS, keyframeType: 'KRT0', compressed: true },
  [TrackKind.AnpkKR00]: { frameBytes: layout.FRAME_BYTES_ANPK_KR00, keyframeType: 'KR00', compressed: false },
  [TrackKind.AnpkKRT0]: { frameBytes: layout.FRAME_BYTES_ANPK_KRT0, keyframeType: 'KRT0', compressed: false },
  [TrackKind.AnpkKRTS]: { frameBytes: layout.FRAME_BYTES_ANPK_KRTS, keyframeType: 'KRTS', compressed: false },
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
export { ROTATION_DIVISOR, TICKS_PER_SECOND, TRANSLATION_DIVISOR } from '../core/wasm-layout.js';

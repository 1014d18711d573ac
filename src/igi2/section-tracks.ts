import { newBuffer, type Allocate } from '../core/wasm-memory.js';
import type { IGI2Track } from './types.js';

/**
 * One section's tracks (before or after the separator), handed out as views per bone of a buffer
 * both sections share. The decode loop writes through two whole-buffer views at per-bone word offsets, and bones
 * without keys share empty arrays: a clip has about 50 bones, so per-bone allocations, not the
 * entries, would otherwise be most of the work.
 */
export interface SectionTracks {
  buffer: ArrayBufferLike;
  /** Where the words start in `buffer` (an IGI2Decoder hands out parts of one buffer). */
  byteOffset: number;
  bits: Uint32Array;
  floats: Float32Array;
  /** Per bone, word offsets of: rotation ticks, seconds, key, in-tangent, out-tangent; position ticks, seconds, values. */
  offsets: Int32Array;
  rotationCounts: Uint32Array;
  positionCounts: Uint32Array;
}

/** Word offsets per bone in `SectionTracks.offsets`. */
export const OFFSETS = 8;
const EMPTY_U32 = new Uint32Array(0);
const EMPTY_F32 = new Float32Array(0);

/**
 * Both sections' tracks in one ArrayBuffer, with one offsets array: a clip's allocations, not its
 * entries, were most of the decode time.
 */
export function allocateSections(
  rotationCounts: [Uint32Array, Uint32Array],
  positionCounts: [Uint32Array, Uint32Array],
  allocate: Allocate = newBuffer,
): [SectionTracks, SectionTracks] {
  const bones = rotationCounts[0].length;
  const allOffsets = new Int32Array(2 * OFFSETS * bones);
  let at = 0;
  for (let section = 0; section < 2; section++) {
    const rotations = rotationCounts[section]!;
    const positions = positionCounts[section]!;
    for (let bone = 0; bone < bones; bone++) {
      const r = rotations[bone]!;
      const p = positions[bone]!;
      const o = OFFSETS * (section * bones + bone);
      allOffsets[o] = at;
      allOffsets[o + 1] = at += r;
      allOffsets[o + 2] = at += r;
      allOffsets[o + 3] = at += 4 * r;
      allOffsets[o + 4] = at += 4 * r;
      allOffsets[o + 5] = at += 4 * r;
      allOffsets[o + 6] = at += p;
      allOffsets[o + 7] = at += p;
      at += 3 * p;
    }
  }
  const words = allocate(4 * at);
  const { buffer, byteOffset } = words;
  const bits = new Uint32Array(buffer, byteOffset, at);
  const floats = new Float32Array(buffer, byteOffset, at);
  const section = (s: number): SectionTracks => ({
    buffer,
    byteOffset,
    bits,
    floats,
    offsets: allOffsets.subarray(s * OFFSETS * bones, (s + 1) * OFFSETS * bones),
    rotationCounts: rotationCounts[s]!,
    positionCounts: positionCounts[s]!,
  });
  return [section(0), section(1)];
}

/** The per-bone views of a decoded section. */
export function sectionTracks({ buffer, byteOffset, offsets, rotationCounts, positionCounts }: SectionTracks): IGI2Track[] {
  return Array.from(rotationCounts, (r, bone) => {
    const p = positionCounts[bone]!;
    const o = OFFSETS * bone;
    const u32 = (field: number, length: number) =>
      length ? new Uint32Array(buffer, byteOffset + 4 * offsets[o + field]!, length) : EMPTY_U32;
    const f32 = (field: number, length: number) =>
      length ? new Float32Array(buffer, byteOffset + 4 * offsets[o + field]!, length) : EMPTY_F32;
    const rotationTimes = f32(1, r);
    const positionTimes = p ? f32(6, p) : null;
    const positions = p ? f32(7, 3 * p) : null;
    const inTangents = f32(3, 4 * r);
    const outTangents = f32(4, 4 * r);
    return {
      boneName: `bone${bone}`,
      boneId: -1,
      times: rotationTimes,
      rotationTimes,
      rotationTicks: u32(0, r),
      rotations: f32(2, 4 * r),
      inTangents,
      outTangents,
      translations: positions,
      extras: { translationTimes: positionTimes, inTangents, outTangents },
      positionTimes,
      positionTicks: p ? u32(5, p) : null,
      positions,
    };
  });
}

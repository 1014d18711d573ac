import { EncodeError } from '../core/errors.js';
import { ByteWriter } from '../core/byte-writer.js';
import type { IFFClip } from './types.js';

/** How `writeIFF` lays out a file: the order of its chunks. */
export interface WriteIFFOptions {
  /** Order of the chunks by id (unknown chunks by their ids too); ids left out follow in the default order. */
  chunkOrder?: readonly string[];
}

/**
 * Writes a FORM/ANM2 file: big-endian chunk sizes, little-endian payloads, a zero pad byte after each
 * odd-sized payload. Floats keep their exact 32-bit patterns. Default order: HEAD, BONE, QUAT, TRAN,
 * then the unknown chunks.
 */
export function writeIFF(clip: IFFClip, options: WriteIFFOptions = {}): Uint8Array {
  const boneCount = clip.parents.length;
  const { frameCount } = clip;
  if (clip.inverseBindMatrices.length !== 16 * boneCount)
    throw new EncodeError(
      'IFF',
      'mismatched-lengths',
      `inverseBindMatrices holds ${clip.inverseBindMatrices.length} floats; ${boneCount} bones need ${16 * boneCount}`,
    );
  if (clip.tracks.length !== boneCount)
    throw new EncodeError('IFF', 'mismatched-lengths', `${clip.tracks.length} tracks for ${boneCount} bones`);
  clip.tracks.forEach((track, i) => {
    if (track.rotations.length !== 4 * frameCount)
      throw new EncodeError(
        'IFF',
        'mismatched-lengths',
        `track ${i} holds ${track.rotations.length} floats; ${frameCount} keys need ${4 * frameCount}`,
      );
  });
  if (clip.rootMotion && clip.rootMotion.length !== 3 * frameCount)
    throw new EncodeError(
      'IFF',
      'mismatched-lengths',
      `rootMotion holds ${clip.rootMotion.length} floats; ${frameCount} frames need ${3 * frameCount}`,
    );
  if (boneCount > 0xffff || clip.sampleRate > 0xffff)
    throw new EncodeError('IFF', 'field-overflow', 'boneCount and sampleRate must fit 16 bits');

  const payloads = new Map<string, (out: ByteWriter) => void>([
    [
      'HEAD',
      (out) => {
        out.f32(clip.duration);
        out.u32(frameCount);
        out.u16(clip.sampleRate);
        out.u16(boneCount);
      },
    ],
    [
      'BONE',
      (out) => {
        for (let i = 0; i < boneCount; i++) out.i32(clip.parents[i]!);
        writeFloats(out, clip.inverseBindMatrices);
      },
    ],
    ['QUAT', (out) => clip.tracks.forEach((track) => writeFloats(out, track.rotations))],
  ]);
  if (clip.rootMotion) payloads.set('TRAN', (out) => writeFloats(out, clip.rootMotion!));
  for (const chunk of clip.unknownChunks ?? []) {
    if (chunk.id.length !== 4 || payloads.has(chunk.id))
      throw new EncodeError(
        'IFF',
        'duplicate-chunk',
        `extra chunk id ${JSON.stringify(chunk.id)} must be 4 characters and not a known or repeated id`,
      );
    payloads.set(chunk.id, (out) => out.bytes(chunk.data));
  }

  const order = [...(options.chunkOrder ?? []).filter((id) => payloads.has(id)), ...payloads.keys()];
  const out = new ByteWriter();
  out.tag('FORM');
  out.u32be(0); // patched below
  out.tag('ANM2');
  for (const id of new Set(order)) {
    out.tag(id);
    const sizeAt = out.length;
    out.u32be(0);
    payloads.get(id)!(out);
    const size = out.length - sizeAt - 4;
    out.patchU32(sizeAt, size, false);
    if (size & 1) out.u8(0);
  }
  out.patchU32(4, out.length - 8, false);
  return out.finish();
}

function writeFloats(out: ByteWriter, values: Float32Array): void {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < bits.length; i++) out.bits32(bits[i]!);
}

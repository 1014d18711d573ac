import { EncodeError } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { ByteWriter } from '../core/byte-writer.js';
import { ROTATION_DIVISOR, TICKS_PER_SECOND, TRANSLATION_DIVISOR } from './track-kinds.js';
import type { AnimationData, IFPFormat, PackageData, TrackData } from './types.js';

/** How `writeIFP` writes: the layout, and (ANPK) the size of its ANIM chunks. */
export interface WriteIFPOptions {
  format: IFPFormat;
  /**
   * ANPK only: 44-byte ANIM chunks carry the bone id (Vice City, SA); 48-byte ones carry two sibling
   * links instead, as GTA III writes them, and can only hold bones whose id is -1. Default 44.
   */
  anpkAnimChunkSize?: 44 | 48;
}

/**
 * Writes packages back to back into one IFP file.
 *
 * ANP3/ANP2 tracks marked `compressed` are quantised as the games' tools do: time rounds
 * (x * 60 + 0.5), rotation (x4096) and translation (x1024) truncate. Values outside int16 throw.
 * Float tracks and all ANPK data keep their exact 32-bit patterns. ANPK rotations are written
 * conjugated, as the games store them. Scale (KRTS) exists only in ANPK; ANP3/ANP2 refuse it.
 */
export function writeIFP(packages: readonly PackageData[], options: WriteIFPOptions): Uint8Array {
  // Animations kept as stored are copied: start with room for them, so the buffer rarely grows.
  // Others: at most a 36-byte header and 36 bytes a float key per track (ANPK adds its chunk headers).
  const estimate = packages.reduce(
    (n, pkg) =>
      n +
      64 +
      pkg.animations.reduce(
        (m, a) =>
          m +
          (a.stored?.format === options.format
            ? a.stored.bytes.length
            : 64 + a.bones.reduce((k, bone) => k + 80 + 40 * bone.times.length, 0)),
        0,
      ),
    0,
  );
  const out = new ByteWriter(estimate);
  for (const pkg of packages) {
    if (options.format === 'ANPK') writeAnpk(out, pkg, options.anpkAnimChunkSize ?? 44);
    else writeAnp(out, pkg, options.format);
  }
  return out.finish();
}

function writeAnp(out: ByteWriter, pkg: PackageData, format: IFPFormat): void {
  const start = out.length;
  out.tag(format);
  out.u32(0); // patched below
  if (pkg.nameField?.length === 24 && readLatin1(pkg.nameField, 0, 24) === pkg.name) out.bytes(pkg.nameField);
  else out.fixedName(pkg.name, 24);
  out.u32(pkg.animations.length);
  for (const animation of pkg.animations) {
    if (animation.stored?.format === format) {
      out.bytes(animation.stored.bytes);
      continue;
    }
    out.fixedName(animation.name, 24);
    out.u32(animation.bones.length);
    if (format === 'ANP3') {
      out.u32(animation.bones.reduce((sum, bone) => sum + bone.times.length * anpFrameBytes(bone), 0));
      out.u32(1); // flags: "compressed", always set by the games' tools
    }
    for (const bone of animation.bones) writeAnpTrack(out, bone, animation);
  }
  out.patchU32(start + 4, out.length - start - 8);
}

function anpFrameType(track: TrackData): number {
  if (track.keyframeType === 'KRTS')
    throw new EncodeError('IFP', 'cannot-store', `bone "${track.boneName}": ANP3/ANP2 cannot store scale (KRTS); write ANPK`);
  return (track.compressed ? 3 : 1) + (track.keyframeType === 'KRT0' ? 1 : 0);
}

function anpFrameBytes(track: TrackData): number {
  return [0, 20, 32, 10, 16][anpFrameType(track)]!;
}

function writeAnpTrack(out: ByteWriter, track: TrackData, animation: AnimationData): void {
  const frameType = anpFrameType(track);
  const frameCount = checkedFrameCount(track);
  const { times, rotations: q, translations: t } = track;
  out.fixedName(track.boneName, 24);
  out.u32(frameType);
  out.u32(frameCount);
  out.i32(track.boneId);
  const hasTranslation = frameType === 2 || frameType === 4;
  if (frameType >= 3) {
    const where = `animation "${animation.name}", bone "${track.boneName}"`;
    for (let i = 0; i < frameCount; i++) {
      for (let c = 0; c < 4; c++) out.i16(int16(Math.trunc(q[4 * i + c]! * ROTATION_DIVISOR), where));
      out.i16(int16(Math.floor(times[i]! * TICKS_PER_SECOND + 0.5), where));
      if (hasTranslation) for (let c = 0; c < 3; c++) out.i16(int16(Math.trunc(t![3 * i + c]! * TRANSLATION_DIVISOR), where));
    }
  } else {
    const qBits = bitsOf(q);
    const timeBits = bitsOf(times);
    const tBits = hasTranslation ? bitsOf(t!) : null;
    for (let i = 0; i < frameCount; i++) {
      for (let c = 0; c < 4; c++) out.bits32(qBits[4 * i + c]!);
      out.bits32(timeBits[i]!);
      if (tBits) for (let c = 0; c < 3; c++) out.bits32(tBits[3 * i + c]!);
    }
  }
}

function writeAnpk(out: ByteWriter, pkg: PackageData, animChunkSize: 44 | 48): void {
  const anpk = openChunk(out, 'ANPK');
  const info = openChunk(out, 'INFO');
  out.i32(pkg.animations.length);
  out.fixedName(pkg.name, pkg.name.length + 1);
  closeChunk(out, info);
  for (const animation of pkg.animations) {
    if (animation.stored?.format === 'ANPK') {
      out.bytes(animation.stored.bytes);
      continue;
    }
    const name = openChunk(out, 'NAME');
    out.fixedName(animation.name, animation.name.length + 1);
    closeChunk(out, name);
    const dgan = openChunk(out, 'DGAN');
    const dganInfo = openChunk(out, 'INFO');
    out.i32(animation.bones.length);
    out.i32(0);
    closeChunk(out, dganInfo);
    for (const bone of animation.bones) writeCpan(out, bone, animChunkSize);
    closeChunk(out, dgan);
  }
  closeChunk(out, anpk);
}

function writeCpan(out: ByteWriter, track: TrackData, animChunkSize: 44 | 48): void {
  const frameCount = checkedFrameCount(track);
  const cpan = openChunk(out, 'CPAN');
  const anim = openChunk(out, 'ANIM');
  out.fixedName(track.boneName, 28);
  out.i32(frameCount);
  out.i32(0);
  out.i32(frameCount - 1);
  if (animChunkSize === 44) {
    out.i32(track.boneId);
  } else {
    if (track.boneId !== -1)
      throw new EncodeError('IFP', 'cannot-store', `bone "${track.boneName}": 48-byte ANIM chunks cannot store bone id ${track.boneId}`);
    out.i32(0); // sibling links: not modelled; 0 as in tool-made files
    out.i32(0);
  }
  closeChunk(out, anim);
  if (frameCount > 0) {
    const keys = openChunk(out, track.keyframeType);
    const qBits = bitsOf(track.rotations);
    const timeBits = bitsOf(track.times);
    const tBits = track.keyframeType === 'KR00' ? null : bitsOf(track.translations!);
    const sBits = track.keyframeType === 'KRTS' ? bitsOf(track.scales!) : null;
    for (let i = 0; i < frameCount; i++) {
      for (let c = 0; c < 3; c++) out.bits32(qBits[4 * i + c]! ^ 0x80000000);
      out.bits32(qBits[4 * i + 3]!);
      if (tBits) for (let c = 0; c < 3; c++) out.bits32(tBits[3 * i + c]!);
      if (sBits) for (let c = 0; c < 3; c++) out.bits32(sBits[3 * i + c]!);
      out.bits32(timeBits[i]!);
    }
    closeChunk(out, keys);
  }
  closeChunk(out, cpan);
}

/** Starts a chunk; returns where its size field is. */
function openChunk(out: ByteWriter, tag: string): number {
  out.tag(tag);
  out.u32(0);
  return out.length - 4;
}

/** Patches the unpadded payload size, then pads the payload to 4 bytes. */
function closeChunk(out: ByteWriter, sizeAt: number): void {
  out.patchU32(sizeAt, out.length - sizeAt - 4);
  out.pad(4);
}

function checkedFrameCount(track: TrackData): number {
  const frameCount = track.times.length;
  const vectors =
    track.keyframeType === 'KR00' ? [] : track.keyframeType === 'KRT0' ? [track.translations] : [track.translations, track.scales];
  const consistent = track.rotations.length === 4 * frameCount && vectors.every((v) => v?.length === 3 * frameCount);
  if (!consistent)
    throw new EncodeError(
      'IFP',
      'mismatched-lengths',
      `bone "${track.boneName}": array lengths do not match ${frameCount} ${track.keyframeType} keys`,
    );
  return frameCount;
}

const fitsInt16 = (value: number) => value >= -32768 && value <= 32767;

/**
 * The first key of a track that compressed (int16) frames cannot hold, as the writer quantises it:
 * its index and time; null when every key fits. Times of 546 s or more, translations of 32 m or more,
 * and NaN or infinite values do not.
 */
export function firstKeyThatDoesNotCompress(
  track: Pick<TrackData, 'times' | 'rotations' | 'translations'>,
): { key: number; time: number } | null {
  for (let i = 0; i < track.times.length; i++) {
    let fits = fitsInt16(Math.floor(track.times[i]! * TICKS_PER_SECOND + 0.5));
    for (let c = 0; c < 4 && fits; c++) fits = fitsInt16(Math.trunc(track.rotations[4 * i + c]! * ROTATION_DIVISOR));
    for (let c = 0; c < 3 && fits && track.translations; c++)
      fits = fitsInt16(Math.trunc(track.translations[3 * i + c]! * TRANSLATION_DIVISOR));
    if (!fits) return { key: i, time: track.times[i]! };
  }
  return null;
}

function int16(value: number, where: string): number {
  if (!fitsInt16(value)) throw new EncodeError('IFP', 'field-overflow', `${where}: ${value} does not fit a compressed int16 frame`);
  return value;
}

function bitsOf(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

import { EncodeError } from '../core/errors.js';
import { ByteWriter } from '../core/byte-writer.js';
import { writeLatin1 } from '../core/names.js';
import { Entry, ENTRY_WORDS, entryOrder, EVENT_FILLER, NO_BONE } from './entries.js';
import { childCountsOf } from './hierarchy.js';
import { ALIGNMENT, CHUNK_HEADER, FILLER } from './ilff.js';
import type { IGI2Attachment, IGI2AttachmentKey, IGI2Trigger } from './types.js';

/** A track as the writer takes it: ticks and x y z w keys; tangents default to the key itself. */
export interface IGI2TrackData {
  rotationTicks: ArrayLike<number>;
  rotations: Float32Array;
  inTangents?: Float32Array | null;
  outTangents?: Float32Array | null;
  positionTicks?: ArrayLike<number> | null;
  positions?: Float32Array | null;
}

/** What `writeIGI2Clip` takes; an `IGI2ClipReader` is one. */
export interface IGI2ClipDoc {
  name: string;
  looping: boolean;
  durationTicks: number;
  /** DHNA's version field; 4 by default, as in every retail file. */
  version?: number;
  /** Bones in breadth-first order from one root (REIH stores child counts); rest translations x y z per bone. */
  skeleton: { parents: ArrayLike<number>; restTranslations: ArrayLike<number> };
  tracks: readonly IGI2TrackData[];
  /** ATTA's last two words (the attachment's index, the word offset of its first pose) are computed, never copied. */
  attachments?: readonly Omit<IGI2Attachment, 'recordIndex' | 'firstPoseWord'>[];
  triggers?: readonly IGI2Trigger[];
  /** Entries after the separator: keys past the duration that a looping clip wraps into. */
  wrapKeys?: {
    tracks: readonly IGI2TrackData[];
    attachmentKeys?: readonly (readonly IGI2AttachmentKey[])[];
    triggers?: readonly IGI2Trigger[];
  };
}

interface PendingEntry {
  type: number;
  index: number;
  ticks: number;
  write(out: ByteWriter): void;
}

const bitsOf = (values: Float32Array) => new Uint32Array(values.buffer, values.byteOffset, values.length);

/**
 * Writes an ILFF/MINA clip: DHNA, REIH, TNVE, and ATTA when there are attachments. Entries are laid
 * out as the game's tools lay them out (by time; at one time by type, then index; the separator at
 * the duration; wrap keys after it), every link is recomputed, fillers are 0xAB and the DHNA counts
 * are derived. Reading a retail file and writing it gives the same bytes.
 */
export function writeIGI2Clip(clip: IGI2ClipDoc): Uint8Array {
  const boneCount = clip.skeleton.parents.length;
  if (clip.skeleton.restTranslations.length !== 3 * boneCount)
    throw new EncodeError(
      'ILFF',
      'mismatched-lengths',
      `writeIGI2Clip: ${clip.skeleton.restTranslations.length} rest translation values for ${boneCount} bones`,
    );
  if (clip.tracks.length > boneCount)
    throw new EncodeError('ILFF', 'mismatched-lengths', `writeIGI2Clip: ${clip.tracks.length} tracks for ${boneCount} bones`);
  if (boneCount > 256) throw new EncodeError('ILFF', 'field-overflow', 'writeIGI2Clip: an entry addresses at most 256 bones');
  const attachments = clip.attachments ?? [];
  if (attachments.length > 256)
    throw new EncodeError('ILFF', 'field-overflow', 'writeIGI2Clip: an entry addresses at most 256 attachments');
  const main = entriesOf(
    clip.tracks,
    attachments.map((a) => a.keys),
    clip.triggers ?? [],
  );
  const wrap = entriesOf(clip.wrapKeys?.tracks ?? [], clip.wrapKeys?.attachmentKeys ?? [], clip.wrapKeys?.triggers ?? []);
  const separator: PendingEntry = { type: Entry.Separator, index: 0, ticks: clip.durationTicks, write() {} };
  const entries = [...main, separator, ...wrap];
  const wordAt = entryWords(entries);
  const firstPoseWord = attachments.map((_, a) => {
    const first = entries.findIndex((entry) => entry.type === Entry.AttachmentPose && entry.index === a);
    return first < 0 ? 0 : wordAt[first]!;
  });

  const out = new ByteWriter();
  out.tag('ILFF');
  out.u32(0); // total size, patched at the end
  out.u32(ALIGNMENT);
  out.u32(0);
  out.tag('MINA');
  const chunks: Array<[string, (out: ByteWriter) => void]> = [
    ['DHNA', (o) => writeHeader(o, clip, boneCount, entries.length, attachments.length)],
    ['REIH', (o) => writeHierarchy(o, clip.skeleton)],
    ['TNVE', (o) => writeEntries(o, entries, wordAt)],
  ];
  if (attachments.length) chunks.push(['ATTA', (o) => attachments.forEach((a, i) => writeAttachment(o, a, i, firstPoseWord[i]!))]);
  chunks.forEach(([id, body], i) => {
    const at = out.length;
    out.tag(id);
    out.zeros(12); // length, alignment, next: patched below
    body(out);
    const size = out.length - at - CHUNK_HEADER;
    out.pad(ALIGNMENT);
    out.patchU32(at + 4, size);
    out.patchU32(at + 8, ALIGNMENT);
    out.patchU32(at + 12, i === chunks.length - 1 ? 0 : out.length - at);
  });
  out.patchU32(4, out.length);
  return out.finish();
}

function filler(out: ByteWriter, count: number): void {
  for (let i = 0; i < count; i++) out.u8(FILLER);
}

function writeHeader(out: ByteWriter, clip: IGI2ClipDoc, boneCount: number, entryCount: number, attachmentCount: number): void {
  filler(out, 8);
  out.u32(clip.version ?? 4);
  out.u32(clip.looping ? 1 : 0);
  out.u32(clip.durationTicks);
  out.u32(boneCount);
  filler(out, 4);
  out.u32(entryCount);
  out.u32(0);
  out.u32(attachmentCount);
  out.u32(0);
  filler(out, 8);
  const name = new Uint8Array(clip.name.length + 1);
  writeLatin1(name, 0, clip.name.length, clip.name);
  out.bytes(name);
}

function writeHierarchy(out: ByteWriter, skeleton: IGI2ClipDoc['skeleton']): void {
  out.bytes(childCountsOf(skeleton.parents));
  out.u8(0);
  const rest = Float32Array.from(skeleton.restTranslations);
  for (const bits of bitsOf(rest)) out.u32(bits);
}

function writeAttachment(
  out: ByteWriter,
  attachment: NonNullable<IGI2ClipDoc['attachments']>[number],
  index: number,
  firstPoseWord: number,
): void {
  const name = new Uint8Array(16);
  writeLatin1(name, 0, 15, attachment.name);
  out.bytes(name);
  for (const values of [attachment.position, attachment.orientation, attachment.rotation2])
    for (const bits of bitsOf(values)) out.u32(bits);
  out.f32(attachment.unknown);
  filler(out, 4);
  out.u32(attachment.bone < 0 ? NO_BONE : attachment.bone);
  out.u32(index);
  out.u32(firstPoseWord);
}

/** Every entry of one section (before or after the separator), in the tools' order. */
function entriesOf(
  tracks: readonly IGI2TrackData[],
  attachmentKeys: readonly (readonly IGI2AttachmentKey[])[],
  triggers: readonly IGI2Trigger[],
): PendingEntry[] {
  const entries: PendingEntry[] = [];
  tracks.forEach((track, bone) => {
    const keys = track.rotationTicks.length;
    if (track.rotations.length !== 4 * keys)
      throw new EncodeError(
        'ILFF',
        'mismatched-lengths',
        `writeIGI2Clip: bone ${bone} has ${keys} rotation ticks and ${track.rotations.length / 4} rotations`,
      );
    const key = bitsOf(track.rotations);
    const inT = bitsOf(track.inTangents ?? track.rotations);
    const outT = bitsOf(track.outTangents ?? track.rotations);
    for (let k = 0; k < keys; k++) {
      entries.push({
        type: Entry.Rotation,
        index: bone,
        ticks: track.rotationTicks[k]!,
        write(out) {
          for (const source of [key, inT, outT]) {
            for (let c = 0; c < 4; c++) out.u32(source[4 * k + c]!);
            filler(out, 4);
          }
        },
      });
    }
    const ticks = track.positionTicks ?? [];
    const positions = track.positions ? bitsOf(track.positions) : new Uint32Array(0);
    if (positions.length !== 3 * ticks.length)
      throw new EncodeError(
        'ILFF',
        'mismatched-lengths',
        `writeIGI2Clip: bone ${bone} has ${ticks.length} position ticks and ${positions.length / 3} positions`,
      );
    for (let k = 0; k < ticks.length; k++) {
      entries.push({
        type: Entry.Position,
        index: bone,
        ticks: ticks[k]!,
        write: (out) => [0, 1, 2].forEach((c) => out.u32(positions[3 * k + c]!)),
      });
    }
  });
  attachmentKeys.forEach((keys, attachment) => {
    for (const key of keys) {
      const parent = key.bone !== null;
      entries.push({
        type: parent ? Entry.AttachmentParent : Entry.AttachmentPose,
        index: attachment,
        ticks: key.ticks,
        write(out) {
          if (parent) {
            out.i32(key.bone!);
            for (const bits of bitsOf(key.matrix!)) out.u32(bits);
            filler(out, 4);
            for (const bits of bitsOf(key.position)) out.u32(bits);
          } else {
            for (const bits of bitsOf(key.position)) out.u32(bits);
            for (const bits of bitsOf(key.rotation!)) out.u32(bits);
            filler(out, 4);
          }
        },
      });
    }
  });
  for (const trigger of triggers) {
    entries.push({
      type: Entry.Trigger,
      index: 0,
      ticks: trigger.ticks,
      write(out) {
        out.u32(trigger.bone < 0 ? NO_BONE : trigger.bone);
        out.u32((EVENT_FILLER | (trigger.event & 0xffff)) >>> 0);
        for (const bits of bitsOf(trigger.position)) out.u32(bits);
      },
    });
  }
  // A stable sort keeps each track's own key order.
  return entries.sort(entryOrder);
}

/** The entries with their headers; each links to the next entry of the same type and index (0 for the last). */
/** Each entry's offset in 4-byte words from the start of the TNVE payload. */
function entryWords(entries: readonly PendingEntry[]): number[] {
  const wordAt: number[] = [];
  let word = 0;
  for (const entry of entries) {
    wordAt.push(word);
    word += ENTRY_WORDS[entry.type]!;
  }
  return wordAt;
}

function writeEntries(out: ByteWriter, entries: readonly PendingEntry[], wordAt: readonly number[]): void {
  const next = new Array<number>(entries.length).fill(0);
  const last = new Map<number, number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const key = (entries[i]!.type << 8) | entries[i]!.index;
    next[i] = last.get(key) ?? 0;
    last.set(key, wordAt[i]!);
  }
  entries.forEach((entry, i) => {
    out.u8(entry.type);
    out.u8(entry.index);
    out.u16(ENTRY_WORDS[entry.type]!);
    out.u32(entry.ticks);
    out.u32(next[i]!);
    entry.write(out);
  });
}

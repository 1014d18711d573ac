import { ByteCursor } from '../core/byte-cursor.js';
import { inputBytes } from '../core/input.js';
import { takeLoan } from '../core/arena-loans.js';
import type { Allocate } from '../core/wasm-memory.js';
import { ArgumentError, DecodeError, type DecodeWarning, warning } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import type { SkeletalClip } from '../core/clip.js';
import { Entry, ENTRY_HEADER, NO_BONE, ROTATION_IN, ROTATION_KEY, ROTATION_OUT, WORDS_BY_TYPE } from './entries.js';
import { readHierarchy } from './hierarchy.js';
import { readILFF, type ILFFChunk } from './ilff.js';
import { entryLinks, entryStarts, keyFill } from './scratch.js';
import { allocateSections, OFFSETS, sectionTracks, type SectionTracks } from './section-tracks.js';
import type { IGI2Attachment, IGI2AttachmentKey, IGI2ClipReaderOptions, IGI2Track, IGI2Trigger, IGI2WrapKeys } from './types.js';

/** The ticks per second of IGI 2 clips when none is given: fitted to the retail files, not proven. */
export const DEFAULT_TICKS_PER_SECOND = 4800;
const HEADER_BYTES = 52;
const ATTACHMENT_BYTES = 80;
const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Reads a retail IGI 2 animation clip: an ILFF file of content type `MINA` (docs/formats/igi2.md).
 * Rotation keys (with their in- and out-tangents) become structure-of-arrays tracks per bone; the
 * entries after the separator (keys past the duration, for wrapping) are kept apart in `wrapKeys`.
 */
export class IGI2ClipReader implements SkeletalClip {
  readonly kind = 'clip';
  readonly bindBy = 'index';
  readonly rig = 'igi2';
  readonly name: string;
  readonly looping: boolean;
  readonly durationTicks: number;
  readonly ticksPerSecond: number;
  readonly boneCount: number;
  /** The DHNA version field (4 in every retail file). */
  readonly version: number;
  /** REIH's parents and rest translations (as stored: 4096 units per metre, Z up). */
  readonly parents: Int32Array;
  readonly restTranslations: Float32Array;
  readonly attachments: IGI2Attachment[] = [];
  readonly triggers: IGI2Trigger[] = [];
  readonly #sections: [SectionTracks, SectionTracks];
  readonly #wrapExtras: { attachmentKeys: IGI2AttachmentKey[][]; triggers: IGI2Trigger[] };
  #tracks: IGI2Track[] | undefined;
  #wrapKeys: IGI2WrapKeys | undefined;
  #skeleton: Skeleton | undefined;
  readonly warnings: DecodeWarning[] = [];
  /** The REIH child counts, as stored (breadth-first). */
  readonly childCounts: Uint8Array;

  readonly #check: (() => void) | undefined;

  constructor(bytes: Uint8Array | ArrayBuffer, options: IGI2ClipReaderOptions = {}) {
    // An IGI2Decoder offers its memory through withLoan (src/core/arena-loans.ts): the key arrays then live in it.
    const loan = takeLoan();
    this.#check = loan?.check;
    const input = inputBytes(bytes);
    const cursor = new ByteCursor(input, 'ILFF');
    const ticksPerSecond = options.ticksPerSecond ?? DEFAULT_TICKS_PER_SECOND;
    if (!(ticksPerSecond > 0 && ticksPerSecond < Infinity))
      throw new ArgumentError('bad-argument', `IGI2ClipReader: ticksPerSecond must be a positive number, got ${ticksPerSecond}`);
    this.ticksPerSecond = ticksPerSecond;
    const file = readILFF(input, this.warnings);
    if (file.contentType !== 'MINA')
      throw cursor.error(
        'wrong-content-type',
        16,
        `content type ${JSON.stringify(file.contentType)}; clips are "MINA"${file.contentType === 'OCEM' ? ' (this is a model: use readIGI2Skeleton)' : ''}`,
      );
    const chunk = (id: string): ILFFChunk | undefined => file.chunks.find((c) => c.id === id);
    const required = (id: string): ILFFChunk => chunk(id) ?? throwMissing(cursor, id, input.length);

    const head = required('DHNA');
    if (head.size < HEADER_BYTES + 1)
      throw cursor.error('chunk-size', head.at, `DHNA holds ${head.size} bytes; it needs ${HEADER_BYTES} and a name`);
    this.version = cursor.u32At(head.data + 8);
    this.looping = cursor.u32At(head.data + 12) !== 0;
    this.durationTicks = cursor.u32At(head.data + 16);
    this.boneCount = cursor.u32At(head.data + 20);
    const entryCount = cursor.u32At(head.data + 28);
    const attachmentCount = cursor.u32At(head.data + 36);
    this.name = readLatin1(input, head.data + HEADER_BYTES, head.size - HEADER_BYTES);

    const reih = required('REIH');
    if (this.boneCount > reih.size)
      throw cursor.error(
        'count-exceeds-data',
        head.data + 20,
        `bone count ${this.boneCount} needs more bytes than REIH holds (${reih.size})`,
      );
    const hierarchy = readHierarchy(input, reih.data, reih.size, this.boneCount);
    this.childCounts = hierarchy.childCounts;
    this.parents = hierarchy.parents;
    this.restTranslations = hierarchy.restTranslations;

    const atta = chunk('ATTA');
    if (attachmentCount > 0) {
      if (!atta)
        throw cursor.error('missing-chunk', head.data + 36, `DHNA declares ${attachmentCount} attachments but there is no ATTA chunk`);
      if (atta.size !== ATTACHMENT_BYTES * attachmentCount)
        throw cursor.error(
          'chunk-size',
          atta.at,
          `ATTA holds ${atta.size} bytes; ${attachmentCount} attachments need ${ATTACHMENT_BYTES * attachmentCount}`,
        );
      for (let a = 0; a < attachmentCount; a++) this.attachments.push(readAttachment(input, cursor, atta.data + ATTACHMENT_BYTES * a));
    }

    const tnve = required('TNVE');
    const walked = walkEntries(input, cursor, tnve, this.boneCount, attachmentCount, options.strict ?? false, this.warnings);
    if (walked.entries !== entryCount) {
      this.warnings.push(
        warning('ILFF', 'entry-count-mismatch', head.data + 28, `DHNA counts ${entryCount} entries, TNVE holds ${walked.entries}`),
      );
    }
    const decoded = decodeEntries(input, cursor, tnve, walked, this, loan?.allocate);
    this.#sections = decoded.sections;
    // Loops, not spreads: a clip may hold more entries than a call's arguments can.
    for (const trigger of decoded.triggers) this.triggers.push(trigger);
    decoded.attachmentKeys.forEach((keys, a) => {
      for (const key of keys) this.attachments[a]!.keys.push(key);
    });
    this.#wrapExtras = { attachmentKeys: decoded.wrapAttachmentKeys, triggers: decoded.wrapTriggers };
  }

  /**
   * One track per bone. All keys are decoded with the file; the per-bone views are made on first
   * access, so a clip whose tracks are never all read does not pay for a few hundred small objects.
   */
  assertUsable(): void {
    this.#check?.();
  }

  get tracks(): IGI2Track[] {
    this.#check?.();
    this.#tracks ??= sectionTracks(this.#sections[0]);
    return this.#tracks;
  }

  /** The entries after the separator, in the same shapes. */
  get wrapKeys(): IGI2WrapKeys {
    this.#check?.();
    this.#wrapKeys ??= { tracks: sectionTracks(this.#sections[1]), ...this.#wrapExtras };
    return this.#wrapKeys;
  }

  /** The clip's own skeleton: REIH's parents and rest translations, bones named `bone0`, `bone1`, ... (clips carry no names). */
  get skeleton(): Skeleton {
    this.#skeleton ??= createSkeleton({
      names: Array.from({ length: this.boneCount }, (_, i) => `bone${i}`),
      parents: this.parents,
      restTranslations: this.restTranslations,
      rig: 'igi2',
    });
    return this.#skeleton;
  }

  /** Seconds: `durationTicks / ticksPerSecond`. */
  get duration(): number {
    return this.durationTicks / this.ticksPerSecond;
  }

  /** For playback: a looping clip wraps from its last keys into the keys after the separator. */
  get extras(): { readonly wrapTracks: IGI2Track[] } {
    return { wrapTracks: this.wrapKeys.tracks };
  }
}

function throwMissing(cursor: ByteCursor, id: string, at: number): never {
  throw cursor.error('missing-chunk', at, `no ${id} chunk`);
}

function readAttachment(input: Uint8Array, cursor: ByteCursor, at: number): IGI2Attachment {
  const bone = cursor.u32At(at + 68);
  return {
    name: readLatin1(input, at, 16),
    position: cursor.f32BitsAt(at + 16, 3),
    orientation: cursor.f32BitsAt(at + 28, 4),
    rotation2: cursor.f32BitsAt(at + 44, 4),
    unknown: cursor.f32BitsAt(at + 60, 1)[0]!,
    bone: bone === NO_BONE || bone === 0xabababab ? -1 : bone,
    recordIndex: cursor.u32At(at + 72),
    firstPoseWord: cursor.u32At(at + 76),
    keys: [],
  };
}

/** Per (section, type, index): how many entries; where the separator is. */
interface Walk {
  entries: number;
  /** Byte offset (in the payload) where the entries after the separator start; the payload's end if none. */
  separatorEnd: number;
  /** Byte offset where walking stopped (a broken entry in lenient mode, or the payload's end). */
  end: number;
  rotationCounts: [Uint32Array, Uint32Array];
  positionCounts: [Uint32Array, Uint32Array];
}

/**
 * First pass: checks every entry (size, type, index, link) and counts keys per bone, so the second
 * pass can fill exactly sized arrays. Lenient mode stops at a broken entry and keeps what precedes it.
 */
function walkEntries(
  input: Uint8Array,
  cursor: ByteCursor,
  tnve: ILFFChunk,
  bones: number,
  attachments: number,
  strict: boolean,
  warnings: DecodeWarning[],
): Walk {
  // One array for the four count runs (rotations and positions, before and after the separator).
  const all = new Uint32Array(4 * bones);
  const run = (i: number) => all.subarray(i * bones, (i + 1) * bones);
  const walk: Walk = { entries: 0, separatorEnd: -1, end: tnve.size, rotationCounts: [run(0), run(1)], positionCounts: [run(2), run(3)] };
  const starts = entryStarts.take(Math.ceil(tnve.size / 4) + 1);
  const links = entryLinks.take(2 * Math.ceil(tnve.size / ENTRY_HEADER), false);
  let linkCount = 0;
  const payload = payloadWords(input, cursor, tnve, tnve.size);
  let section = 0;
  let at = 0;
  try {
    while (at < tnve.size) {
      const where = tnve.data + at;
      if (tnve.size - at < ENTRY_HEADER)
        throw cursor.error('bad-entry', where, `an entry header needs ${ENTRY_HEADER} bytes, ${tnve.size - at} remain in TNVE`);
      const head = payload[at >> 2]!;
      const type = head & 0xff;
      const index = (head >>> 8) & 0xff;
      const words = head >>> 16;
      if (words === 0) throw cursor.error('bad-entry', where, 'an entry of size 0');
      if (4 * words > tnve.size - at)
        throw cursor.error('bad-entry', where, `an entry of ${4 * words} bytes runs past TNVE (${tnve.size - at} remain)`);
      const expected = WORDS_BY_TYPE[type]!;
      if (expected === 0) {
        if (strict) throw cursor.error('unknown-entry-type', where, `entry type 0x${type.toString(16)}`);
        warnings.push(warning('ILFF', 'unknown-entry-type', where, `entry type 0x${type.toString(16)} skipped`));
      } else if (words !== expected) {
        throw cursor.error('bad-entry', where, `entry type 0x${type.toString(16)} has ${words} words; it takes ${expected}`);
      } else {
        const limit =
          type === Entry.Position || type === Entry.Rotation
            ? bones
            : type === Entry.AttachmentPose || type === Entry.AttachmentParent
              ? attachments
              : 1;
        if (index >= limit)
          throw cursor.error(
            'bad-index',
            where + 1,
            `entry type 0x${type.toString(16)} names ${type === Entry.Position || type === Entry.Rotation ? 'bone' : 'attachment'} ${index}; there are ${limit}`,
          );
        if (type === Entry.Rotation) walk.rotationCounts[section]![index]!++;
        else if (type === Entry.Position) walk.positionCounts[section]![index]!++;
        else if (type === Entry.Separator && section === 0) {
          section = 1;
          walk.separatorEnd = at + 4 * words;
        }
      }
      starts[at >> 2] = 1;
      const link = payload[(at >> 2) + 2]!;
      if (link !== 0) {
        links[linkCount++] = link;
        links[linkCount++] = where + 8;
      }
      walk.entries++;
      at += 4 * words;
    }
  } catch (error) {
    if (strict || !(error instanceof DecodeError)) throw error;
    warnings.push(error.toWarning());
    walk.end = at; // the broken entry's start: everything before it is kept
  }
  for (let i = 0; i < linkCount; i += 2) {
    const link = links[i]!;
    if (link !== 0 && !(4 * link < walk.end && starts[link])) {
      const detail = `an entry links to word ${link}, which starts no entry`;
      if (strict) throw cursor.error('bad-entry', links[i + 1]!, detail);
      warnings.push(warning('ILFF', 'bad-entry', links[i + 1]!, `${detail}; links are rebuilt when writing`));
      break;
    }
  }
  if (walk.separatorEnd < 0) {
    if (strict) throw cursor.error('no-separator', tnve.data, 'TNVE has no separator entry (0xFF)');
    warnings.push(warning('ILFF', 'no-separator', tnve.data, 'TNVE has no separator entry (0xFF); every entry is taken as the clip'));
    walk.separatorEnd = walk.end;
  }
  return walk;
}

interface Decoded {
  sections: [SectionTracks, SectionTracks];
  triggers: IGI2Trigger[];
  wrapTriggers: IGI2Trigger[];
  attachmentKeys: IGI2AttachmentKey[][];
  wrapAttachmentKeys: IGI2AttachmentKey[][];
}

/**
 * The TNVE payload as little-endian u32 words: a view of the input when it is 4-byte aligned on a
 * little-endian host (every real case), else one copy.
 */
function payloadWords(input: Uint8Array, cursor: ByteCursor, tnve: ILFFChunk, end: number): Uint32Array {
  const absolute = input.byteOffset + tnve.data;
  if (littleEndianHost && absolute % 4 === 0) return new Uint32Array(input.buffer, absolute, end >> 2);
  const words = new Uint32Array(end >> 2);
  for (let i = 0; i < words.length; i++) words[i] = cursor.u32At(tnve.data + 4 * i);
  return words;
}

/**
 * Second pass: the stride-72 rotation entries go straight into u32 words (exact float bits), one
 * structure of arrays per bone, through plain typed-array reads of the payload.
 */
function decodeEntries(
  input: Uint8Array,
  cursor: ByteCursor,
  tnve: ILFFChunk,
  walk: Walk,
  clip: { boneCount: number; ticksPerSecond: number; attachments: readonly unknown[] },
  allocate?: Allocate,
): Decoded {
  const sections = allocateSections(walk.rotationCounts, walk.positionCounts, allocate);
  const bones = clip.boneCount;
  const fill = keyFill.take(4 * bones);
  const w = payloadWords(input, cursor, tnve, walk.end);
  const u32 = (byte: number) => w[byte >> 2]!;
  const decoded: Decoded = {
    sections,
    triggers: [],
    wrapTriggers: [],
    attachmentKeys: clip.attachments.map(() => []),
    wrapAttachmentKeys: clip.attachments.map(() => []),
  };
  const seconds = (ticks: number) => Math.fround(ticks / clip.ticksPerSecond);
  const rate = clip.ticksPerSecond;

  for (let at = 0; at < walk.end; ) {
    const where = tnve.data + at;
    const base = at >> 2;
    const head = w[base]!;
    const type = head & 0xff;
    const index = (head >>> 8) & 0xff;
    const size = 4 * (head >>> 16);
    const ticks = w[base + 1]!;
    const section = at < walk.separatorEnd ? 0 : 1;
    const { bits, floats: times, offsets } = sections[section];
    if (type === Entry.Rotation) {
      // Key, in- and out-tangent: words 3..6, 8..11, 13..16 of the 18-word entry.
      const o = OFFSETS * index;
      const k = fill[2 * section * bones + index]!++;
      bits[offsets[o]! + k] = ticks;
      times[offsets[o + 1]! + k] = ticks / rate;
      const key = offsets[o + 2]! + 4 * k;
      const inTangent = offsets[o + 3]! + 4 * k;
      const outTangent = offsets[o + 4]! + 4 * k;
      const q = base + (ROTATION_KEY >> 2);
      const i = base + (ROTATION_IN >> 2);
      const t = base + (ROTATION_OUT >> 2);
      bits[key] = w[q]!;
      bits[key + 1] = w[q + 1]!;
      bits[key + 2] = w[q + 2]!;
      bits[key + 3] = w[q + 3]!;
      bits[inTangent] = w[i]!;
      bits[inTangent + 1] = w[i + 1]!;
      bits[inTangent + 2] = w[i + 2]!;
      bits[inTangent + 3] = w[i + 3]!;
      bits[outTangent] = w[t]!;
      bits[outTangent + 1] = w[t + 1]!;
      bits[outTangent + 2] = w[t + 2]!;
      bits[outTangent + 3] = w[t + 3]!;
    } else if (type === Entry.Position) {
      const o = OFFSETS * index;
      const k = fill[(2 * section + 1) * bones + index]!++;
      bits[offsets[o + 5]! + k] = ticks;
      times[offsets[o + 6]! + k] = ticks / rate;
      const values = offsets[o + 7]! + 3 * k;
      const p = base + (ENTRY_HEADER >> 2);
      bits[values] = w[p]!;
      bits[values + 1] = w[p + 1]!;
      bits[values + 2] = w[p + 2]!;
    } else if (type === Entry.Trigger) {
      const bone = u32(at + 12);
      (section ? decoded.wrapTriggers : decoded.triggers).push({
        ticks,
        time: seconds(ticks),
        bone: bone === NO_BONE ? -1 : bone,
        event: u32(at + 16) & 0xffff,
        position: cursor.f32BitsAt(where + 20, 3),
      });
    } else if (type === Entry.AttachmentPose || type === Entry.AttachmentParent) {
      const parent = type === Entry.AttachmentParent;
      (section ? decoded.wrapAttachmentKeys : decoded.attachmentKeys)[index]!.push({
        ticks,
        time: seconds(ticks),
        position: cursor.f32BitsAt(where + (parent ? 56 : 12), 3),
        rotation: parent ? null : cursor.f32BitsAt(where + 24, 4),
        bone: parent ? cursor.i32At(where + 12) : null,
        matrix: parent ? cursor.f32BitsAt(where + 16, 9) : null,
      });
    }
    at += size;
  }

  return decoded;
}

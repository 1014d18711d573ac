import type { Code } from '../core/codes.js';
import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { createSkeleton, type Skeleton } from '../core/skeleton.js';
import type { SkeletalClip } from '../playback/clip.js';
import { Entry, ENTRY_HEADER, ENTRY_WORDS, NO_BONE, ROTATION_IN, ROTATION_KEY, ROTATION_OUT } from './entries.js';
import { readHierarchy } from './hierarchy.js';
import { readIlff, type IlffChunk } from './ilff.js';
import type { IGI2Attachment, IGI2AttachmentKey, IGI2ClipReaderOptions, IGI2Track, IGI2Trigger, IGI2WrapKeys } from './types.js';

export const DEFAULT_TICKS_PER_SECOND = 4800;
const HEADER_BYTES = 52;
const ATTACHMENT_BYTES = 80;
const littleEndianHost = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const fail = (code: Code, offset: number, detail: string) => new DecodeError('ILFF', code, offset, detail);

/**
 * Reads a retail IGI 2 animation clip: an ILFF file of content type `MINA` (docs/formats/igi2.md).
 * Rotation keys (with their in- and out-tangents) become structure-of-arrays tracks per bone; the
 * entries after the separator (keys past the duration, for wrapping) are kept apart in `wrapKeys`.
 */
export class IGI2ClipReader implements SkeletalClip {
  readonly bindBy = 'index';
  readonly name: string;
  readonly looping: boolean;
  readonly durationTicks: number;
  readonly ticksPerSecond: number;
  readonly boneCount: number;
  /** The DHNA version field (4 in every retail file). */
  readonly version: number;
  readonly skeleton: Skeleton;
  readonly tracks: IGI2Track[];
  readonly attachments: IGI2Attachment[] = [];
  readonly triggers: IGI2Trigger[] = [];
  readonly wrapKeys: IGI2WrapKeys;
  readonly warnings: DecodeWarning[] = [];
  /** The REIH child counts, as stored (breadth-first). */
  readonly childCounts: Uint8Array;

  constructor(bytes: Uint8Array | ArrayBuffer, options: IGI2ClipReaderOptions = {}) {
    const input = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    const ticksPerSecond = options.ticksPerSecond ?? DEFAULT_TICKS_PER_SECOND;
    if (!(ticksPerSecond > 0 && ticksPerSecond < Infinity)) throw new RangeError(`IGI2ClipReader: ticksPerSecond must be a positive number, got ${ticksPerSecond}`);
    this.ticksPerSecond = ticksPerSecond;
    const file = readIlff(input, this.warnings);
    if (file.contentType !== 'MINA') throw fail('wrong-content-type', 16, `content type ${JSON.stringify(file.contentType)}; clips are "MINA"${file.contentType === 'OCEM' ? ' (this is a model: use readIGI2Skeleton)' : ''}`);
    const chunk = (id: string): IlffChunk | undefined => file.chunks.find((c) => c.id === id);
    const required = (id: string): IlffChunk => chunk(id) ?? throwMissing(id, input.length);

    const head = required('DHNA');
    if (head.size < HEADER_BYTES + 1) throw fail('chunk-size', head.at, `DHNA holds ${head.size} bytes; it needs ${HEADER_BYTES} and a name`);
    this.version = view.getUint32(head.data + 8, true);
    this.looping = view.getUint32(head.data + 12, true) !== 0;
    this.durationTicks = view.getUint32(head.data + 16, true);
    this.boneCount = view.getUint32(head.data + 20, true);
    const entryCount = view.getUint32(head.data + 28, true);
    const attachmentCount = view.getUint32(head.data + 36, true);
    this.name = readLatin1(input, head.data + HEADER_BYTES, head.size - HEADER_BYTES);

    const reih = required('REIH');
    if (this.boneCount > reih.size) throw fail('count-exceeds-data', head.data + 20, `bone count ${this.boneCount} needs more bytes than REIH holds (${reih.size})`);
    const hierarchy = readHierarchy(input, reih.data, reih.size, this.boneCount);
    this.childCounts = hierarchy.childCounts;
    this.skeleton = createSkeleton({ names: Array.from({ length: this.boneCount }, (_, i) => `bone${i}`), parents: hierarchy.parents, restTranslations: hierarchy.restTranslations });

    const atta = chunk('ATTA');
    if (attachmentCount > 0) {
      if (!atta) throw fail('missing-chunk', head.data + 36, `DHNA declares ${attachmentCount} attachments but there is no ATTA chunk`);
      if (atta.size !== ATTACHMENT_BYTES * attachmentCount) throw fail('chunk-size', atta.at, `ATTA holds ${atta.size} bytes; ${attachmentCount} attachments need ${ATTACHMENT_BYTES * attachmentCount}`);
      for (let a = 0; a < attachmentCount; a++) this.attachments.push(readAttachment(input, view, atta.data + ATTACHMENT_BYTES * a));
    }

    const tnve = required('TNVE');
    const walked = walkEntries(input, view, tnve, this.boneCount, attachmentCount, options.strict ?? false, this.warnings);
    if (walked.entries !== entryCount) {
      this.warnings.push(warning('ILFF', 'entry-count-mismatch', head.data + 28, `DHNA counts ${entryCount} entries, TNVE holds ${walked.entries}`));
    }
    const decoded = decodeEntries(input, view, tnve, walked, this);
    this.tracks = decoded.tracks;
    this.triggers.push(...decoded.triggers);
    decoded.attachmentKeys.forEach((keys, a) => this.attachments[a]!.keys.push(...keys));
    this.wrapKeys = { tracks: decoded.wrapTracks, attachmentKeys: decoded.wrapAttachmentKeys, triggers: decoded.wrapTriggers };
  }

  /** Seconds: `durationTicks / ticksPerSecond`. */
  get duration(): number {
    return this.durationTicks / this.ticksPerSecond;
  }

  /** For playback: a looping clip wraps from its last keys into the keys after the separator. */
  get wrapTracks(): IGI2Track[] {
    return this.wrapKeys.tracks;
  }
}

function throwMissing(id: string, at: number): never {
  throw fail('missing-chunk', at, `no ${id} chunk`);
}

/** u32 patterns copied into a Float32Array, so every float keeps its exact bits. */
function floats(view: DataView, at: number, count: number): Float32Array {
  const out = new Float32Array(count);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < count; i++) bits[i] = view.getUint32(at + 4 * i, true);
  return out;
}

function readAttachment(input: Uint8Array, view: DataView, at: number): IGI2Attachment {
  const bone = view.getUint32(at + 68, true);
  return {
    name: readLatin1(input, at, 16),
    position: floats(view, at + 16, 3),
    orientation: floats(view, at + 28, 4),
    rotation2: floats(view, at + 44, 4),
    unknown: floats(view, at + 60, 1)[0]!,
    bone: bone === NO_BONE || bone === 0xabababab ? -1 : bone,
    reserved: input.slice(at + 72, at + 80),
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
function walkEntries(input: Uint8Array, view: DataView, tnve: IlffChunk, bones: number, attachments: number, strict: boolean, warnings: DecodeWarning[]): Walk {
  const counts = () => [new Uint32Array(bones), new Uint32Array(bones)] as [Uint32Array, Uint32Array];
  const walk: Walk = { entries: 0, separatorEnd: -1, end: tnve.size, rotationCounts: counts(), positionCounts: counts() };
  const starts = new Uint8Array(Math.ceil(tnve.size / 4) + 1);
  const links: number[] = [];
  let section = 0;
  let at = 0;
  try {
    while (at < tnve.size) {
      const where = tnve.data + at;
      if (tnve.size - at < ENTRY_HEADER) throw fail('bad-entry', where, `an entry header needs ${ENTRY_HEADER} bytes, ${tnve.size - at} remain in TNVE`);
      const type = input[where]!;
      const index = input[where + 1]!;
      const words = view.getUint16(where + 2, true);
      if (words === 0) throw fail('bad-entry', where, 'an entry of size 0');
      if (4 * words > tnve.size - at) throw fail('bad-entry', where, `an entry of ${4 * words} bytes runs past TNVE (${tnve.size - at} remain)`);
      const expected = ENTRY_WORDS[type];
      if (expected === undefined) {
        if (strict) throw fail('unknown-entry-type', where, `entry type 0x${type.toString(16)}`);
        warnings.push(warning('ILFF', 'unknown-entry-type', where, `entry type 0x${type.toString(16)} skipped`));
      } else if (words !== expected) {
        throw fail('bad-entry', where, `entry type 0x${type.toString(16)} has ${words} words; it takes ${expected}`);
      } else {
        const limit = type === Entry.Position || type === Entry.Rotation ? bones : type === Entry.AttachmentPose || type === Entry.AttachmentParent ? attachments : 1;
        if (index >= limit) throw fail('bad-index', where + 1, `entry type 0x${type.toString(16)} names ${type === Entry.Position || type === Entry.Rotation ? 'bone' : 'attachment'} ${index}; there are ${limit}`);
        if (type === Entry.Rotation) walk.rotationCounts[section]![index]!++;
        else if (type === Entry.Position) walk.positionCounts[section]![index]!++;
        else if (type === Entry.Separator && section === 0) {
          section = 1;
          walk.separatorEnd = at + 4 * words;
        }
      }
      starts[at >> 2] = 1;
      links.push(view.getUint32(where + 8, true), where + 8);
      walk.entries++;
      at += 4 * words;
    }
  } catch (error) {
    if (strict || !(error instanceof DecodeError)) throw error;
    warnings.push(error.toWarning());
    walk.end = at; // the broken entry's start: everything before it is kept
  }
  for (let i = 0; i < links.length; i += 2) {
    const link = links[i]!;
    if (link !== 0 && !(4 * link < walk.end && starts[link])) {
      const detail = `an entry links to word ${link}, which starts no entry`;
      if (strict) throw fail('bad-entry', links[i + 1]!, detail);
      warnings.push(warning('ILFF', 'bad-entry', links[i + 1]!, `${detail}; links are rebuilt when writing`));
      break;
    }
  }
  if (walk.separatorEnd < 0) {
    if (strict) throw fail('no-separator', tnve.data, 'TNVE has no separator entry (0xFF)');
    warnings.push(warning('ILFF', 'no-separator', tnve.data, 'TNVE has no separator entry (0xFF); every entry is taken as the clip'));
    walk.separatorEnd = walk.end;
  }
  return walk;
}

interface Decoded {
  tracks: IGI2Track[];
  wrapTracks: IGI2Track[];
  triggers: IGI2Trigger[];
  wrapTriggers: IGI2Trigger[];
  attachmentKeys: IGI2AttachmentKey[][];
  wrapAttachmentKeys: IGI2AttachmentKey[][];
}

interface TrackBuilder {
  ticks: Uint32Array;
  /** Key, in-tangent, out-tangent: u32 bit patterns, 4 per key each. */
  key: Uint32Array;
  inTangent: Uint32Array;
  outTangent: Uint32Array;
  positionTicks: Uint32Array | null;
  positionBits: Uint32Array | null;
  rotations: number;
  positions: number;
}

/**
 * Second pass: the stride-72 rotation entries go straight into u32 arrays (exact float bits), one
 * structure of arrays per bone; when the payload is 4-byte aligned on a little-endian host, through a
 * Uint32Array view of the input rather than a DataView.
 */
function decodeEntries(input: Uint8Array, view: DataView, tnve: IlffChunk, walk: Walk, clip: { boneCount: number; ticksPerSecond: number; attachments: readonly unknown[] }): Decoded {
  const builders = [0, 1].map((section) =>
    Array.from({ length: clip.boneCount }, (_, bone): TrackBuilder => {
      const rotations = walk.rotationCounts[section]![bone]!;
      const positions = walk.positionCounts[section]![bone]!;
      return {
        ticks: new Uint32Array(rotations),
        key: new Uint32Array(4 * rotations),
        inTangent: new Uint32Array(4 * rotations),
        outTangent: new Uint32Array(4 * rotations),
        positionTicks: positions ? new Uint32Array(positions) : null,
        positionBits: positions ? new Uint32Array(3 * positions) : null,
        rotations: 0,
        positions: 0,
      };
    }),
  );
  const absolute = input.byteOffset + tnve.data;
  const words = littleEndianHost && absolute % 4 === 0 ? new Uint32Array(input.buffer, absolute, walk.end >> 2) : undefined;
  const u32 = (byte: number) => (words ? words[byte >> 2]! : view.getUint32(tnve.data + byte, true));
  const decoded: Decoded = { tracks: [], wrapTracks: [], triggers: [], wrapTriggers: [], attachmentKeys: clip.attachments.map(() => []), wrapAttachmentKeys: clip.attachments.map(() => []) };
  const seconds = (ticks: number) => Math.fround(ticks / clip.ticksPerSecond);

  for (let at = 0; at < walk.end; ) {
    const where = tnve.data + at;
    const type = input[where]!;
    const index = input[where + 1]!;
    const size = 4 * view.getUint16(where + 2, true);
    const ticks = u32(at + 4);
    const section = at < walk.separatorEnd ? 0 : 1;
    if (type === Entry.Rotation) {
      const track = builders[section]![index]!;
      const k = track.rotations++;
      track.ticks[k] = ticks;
      for (let c = 0; c < 4; c++) {
        track.key[4 * k + c] = u32(at + ROTATION_KEY + 4 * c);
        track.inTangent[4 * k + c] = u32(at + ROTATION_IN + 4 * c);
        track.outTangent[4 * k + c] = u32(at + ROTATION_OUT + 4 * c);
      }
    } else if (type === Entry.Position) {
      const track = builders[section]![index]!;
      const k = track.positions++;
      track.positionTicks![k] = ticks;
      for (let c = 0; c < 3; c++) track.positionBits![3 * k + c] = u32(at + ENTRY_HEADER + 4 * c);
    } else if (type === Entry.Trigger) {
      const bone = u32(at + 12);
      (section ? decoded.wrapTriggers : decoded.triggers).push({ ticks, time: seconds(ticks), bone: bone === NO_BONE ? -1 : bone, event: u32(at + 16) & 0xffff, position: floats(view, where + 20, 3) });
    } else if (type === Entry.AttachmentPose || type === Entry.AttachmentParent) {
      const parent = type === Entry.AttachmentParent;
      (section ? decoded.wrapAttachmentKeys : decoded.attachmentKeys)[index]!.push({
        ticks,
        time: seconds(ticks),
        position: floats(view, where + (parent ? 56 : 12), 3),
        rotation: parent ? null : floats(view, where + 24, 4),
        bone: parent ? view.getInt32(where + 12, true) : null,
        matrix: parent ? floats(view, where + 16, 9) : null,
      });
    }
    at += size;
  }

  const finish = (builder: TrackBuilder, bone: number): IGI2Track => {
    const rotationTimes = Float32Array.from(builder.ticks, seconds);
    const positionTimes = builder.positionTicks && Float32Array.from(builder.positionTicks, seconds);
    const positions = builder.positionBits && new Float32Array(builder.positionBits.buffer);
    return {
      boneName: `bone${bone}`,
      boneId: -1,
      times: rotationTimes,
      rotationTimes,
      rotationTicks: builder.ticks,
      rotations: new Float32Array(builder.key.buffer),
      inTangents: new Float32Array(builder.inTangent.buffer),
      outTangents: new Float32Array(builder.outTangent.buffer),
      translations: positions,
      translationTimes: positionTimes,
      positionTimes,
      positionTicks: builder.positionTicks,
      positions,
    };
  };
  decoded.tracks = builders[0]!.map(finish);
  decoded.wrapTracks = builders[1]!.map(finish);
  return decoded;
}

import { ByteCursor } from '../core/byte-cursor.js';
import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';
import { NameCache, readLatin1 } from '../core/names.js';
import { ANPK_KEY_TAGS, anpFrameTypeKind, KIND_INFO, TrackKind } from './track-kinds.js';
import { TrackTable } from './track-table.js';
import type { IFPFormat } from './types.js';

/** An animation found by the scan: its tracks are rows `firstRow` .. `firstRow + trackCount - 1`. */
export interface ScannedAnimation {
  name: string;
  firstRow: number;
  trackCount: number;
  /**
   * The animation's bytes in the input (its header and tracks; ANPK: its NAME and DGAN chunks). The TypeScript scan records them; the wasm
   * scan does not.
   */
  byteOffset?: number;
  byteLength?: number;
}
export interface ScannedPackage {
  name: string;
  format: IFPFormat;
  animations: ScannedAnimation[];
  /** Where the package starts, and how many bytes its complete animations span. */
  byteOffset: number;
  byteLength: number;
}
export interface IFPScan {
  packages: ScannedPackage[];
  table: TrackTable;
  warnings: DecodeWarning[];
  names: NameCache;
  strict: boolean;
}

const FORMATS: ReadonlySet<string> = new Set(['ANP3', 'ANP2', 'ANPK']);
const ANP_PACKAGE_HEADER = 36;
const ANP_SEQUENCE_HEADER = 36;
// The smallest ANPK animation (NAME, DGAN and INFO headers) and sequence (CPAN and ANIM headers):
// lower bounds for checking counts before looping over them.
const ANPK_MIN_ANIMATION = 36;
const ANPK_MIN_SEQUENCE = 8 + 8 + 44;

/**
 * Walks every package header in the file and records where each track's frames are, without touching
 * the frames. Packages follow each other until the data ends or stops looking like a package.
 *
 * Failure policy: a problem before the first package header is complete always throws. After that,
 * `strict` throws; otherwise the animations completed so far are kept and the error becomes a warning.
 */
export function scanIFP(bytes: Uint8Array, strict: boolean): IFPScan {
  const cursor = new ByteCursor(bytes, 'IFP');
  const scan: IFPScan = { packages: [], table: new TrackTable(bytes.length), warnings: [], names: new NameCache(), strict };
  if (bytes.length < 4) throw cursor.error('truncated', 0, `not an IFP file: ${bytes.length} bytes, a magic needs 4`);
  while (cursor.remaining > 0) {
    const at = cursor.pos;
    const magic = cursor.remaining >= 4 ? readLatin1(bytes, at, 4) : '';
    if (!FORMATS.has(magic)) {
      if (scan.packages.length === 0) {
        throw cursor.error('unknown-magic', at, `not an IFP file: magic ${JSON.stringify(magic)} is not ANP3, ANP2 or ANPK`);
      }
      reportTrailingBytes(bytes, at, scan.warnings);
      break;
    }
    try {
      if (magic === 'ANPK') scanAnpk(cursor, scan);
      else scanAnp(cursor, magic as IFPFormat, scan);
    } catch (error) {
      if (!(error instanceof DecodeError) || strict || scan.packages.length === 0) throw error;
      scan.table.rollback();
      scan.warnings.push(error.toWarning());
      break;
    }
  }
  return scan;
}

/** Sector padding (all zero bytes) is expected in files taken out of IMG archives; anything else is reported. */
export function reportTrailingBytes(bytes: Uint8Array, at: number, warnings: DecodeWarning[]): void {
  const trailing = bytes.length - at;
  if (allZero(bytes, at)) return;
  warnings.push(warning('IFP', 'trailing-bytes', at, `${trailing} bytes after the last package do not start a package; ignored`));
}

/**
 * Whether every byte from `start` on is zero; eight at a time, since padding runs to 2 KB a file.
 * A raw DataView: the loop is bounded by `bytes.length` itself, and a checked read per 8 bytes
 * would double its cost on every file with padding.
 */
function allZero(bytes: Uint8Array, start: number): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = start;
  for (; i + 8 <= bytes.length; i += 8) if (view.getFloat64(i) !== 0 || Object.is(view.getFloat64(i), -0)) return false;
  for (; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

function scanAnp(cursor: ByteCursor, format: IFPFormat, scan: IFPScan): void {
  const start = cursor.pos;
  cursor.need(ANP_PACKAGE_HEADER, `${format} package header`);
  cursor.skip(8); // magic, and a size that real files get wrong both ways
  const name = cursor.fixedName(24);
  const animationCount = cursor.u32();
  const animationHeader = format === 'ANP3' ? 36 : 28;
  const pkg: ScannedPackage = { name, format, animations: [], byteOffset: start, byteLength: cursor.pos - start };
  scan.packages.push(pkg);
  checkAnimationCount(cursor, scan, animationCount, animationHeader);

  const { bytes } = cursor;
  for (let a = 0; a < animationCount; a++) {
    const animationAt = cursor.pos;
    cursor.need(animationHeader, 'animation header');
    const animationName = scan.names.read(bytes, animationAt, 24);
    const sequenceCount = cursor.u32At(animationAt + 24);
    const declaredFrameBytes = format === 'ANP3' ? cursor.u32At(animationAt + 28) : -1;
    // ANP3's flags (bit 0 "compressed") are not needed to decode.
    cursor.pos += animationHeader;
    cursor.needItems(sequenceCount, ANP_SEQUENCE_HEADER, () => `animation "${animationName}" sequence`);

    const firstRow = scan.table.count;
    let frameBytes = 0;
    for (let s = 0; s < sequenceCount; s++) {
      const at = cursor.pos;
      cursor.need(ANP_SEQUENCE_HEADER, 'sequence header');
      const boneName = scan.names.read(bytes, at, 24);
      const frameType = cursor.u32At(at + 24);
      const frameCount = cursor.u32At(at + 28);
      const kind = anpFrameTypeKind(frameType);
      if (kind === undefined) {
        throw cursor.error('unknown-frame-type', at + 24, `bone "${boneName}" has frame type ${frameType}; expected 1 to 4`);
      }
      cursor.pos = at + ANP_SEQUENCE_HEADER;
      const bytesPerFrame = KIND_INFO[kind].frameBytes;
      cursor.needItems(frameCount, bytesPerFrame, () => `bone "${boneName}" frame`);
      scan.table.add(kind, frameCount, cursor.pos, boneName, cursor.i32At(at + 32));
      cursor.pos += frameCount * bytesPerFrame;
      frameBytes += frameCount * bytesPerFrame;
    }
    if (declaredFrameBytes >= 0 && declaredFrameBytes !== frameBytes) {
      scan.warnings.push(
        warning(
          'IFP',
          'frame-data-size',
          animationAt + 28,
          `animation "${animationName}" declares ${declaredFrameBytes} frame bytes but holds ${frameBytes}; the real size was used`,
        ),
      );
    }
    pkg.animations.push({
      name: animationName,
      firstRow,
      trackCount: sequenceCount,
      byteOffset: animationAt,
      byteLength: cursor.pos - animationAt,
    });
    pkg.byteLength = cursor.pos - start;
    scan.table.commit();
  }
}

/**
 * A package's animation count must fit what follows. Strict mode throws when it cannot. Lenient mode
 * only warns: nothing is allocated from the count, and the walk keeps every complete animation until
 * the data runs out (a file cut short keeps what precedes the cut, as the old reader did).
 */
function checkAnimationCount(cursor: ByteCursor, scan: IFPScan, count: number, minBytes: number): void {
  if (!scan.strict) {
    try {
      cursor.needItems(count, minBytes, 'animation');
    } catch (error) {
      scan.warnings.push((error as DecodeError).toWarning());
    }
  } else {
    cursor.needItems(count, minBytes, 'animation');
  }
}

interface Chunk {
  /** Offset of the chunk header. */
  at: number;
  tag: string;
  /** Offset of the payload. */
  payload: number;
  size: number;
  /** Where the next chunk starts: the payload rounded up to 4 bytes, clamped to the data. */
  end: number;
}

function readChunk(cursor: ByteCursor): Chunk {
  const at = cursor.pos;
  const tag = cursor.tag('chunk header');
  const size = cursor.u32('chunk header');
  const payload = cursor.pos;
  if (size > cursor.end - payload) {
    throw cursor.error('truncated', at, `${tag} chunk claims ${size} bytes, ${cursor.end - payload} remain`);
  }
  return { at, tag, payload, size, end: Math.min(cursor.end, payload + size + ((4 - (size % 4)) % 4)) };
}

function expectChunk(cursor: ByteCursor, tag: string, minSize = 0): Chunk {
  const chunk = readChunk(cursor);
  if (chunk.tag !== tag) {
    throw cursor.error('unexpected-chunk', chunk.at, `expected a ${tag} chunk, found ${JSON.stringify(chunk.tag)}`);
  }
  if (chunk.size < minSize) {
    throw cursor.error('bad-chunk', chunk.at, `${tag} chunk has ${chunk.size} bytes, needs at least ${minSize}`);
  }
  return chunk;
}

function scanAnpk(cursor: ByteCursor, scan: IFPScan): void {
  const { bytes } = cursor;
  const start = cursor.pos;
  cursor.skip(8, 'ANPK header'); // its size is "rest of file"; the contents are walked instead
  const info = expectChunk(cursor, 'INFO', 4);
  const animationCount = cursor.i32At(info.payload);
  const name = readLatin1(bytes, info.payload + 4, info.size - 4);
  cursor.pos = info.end;
  if (animationCount < 0) throw cursor.error('bad-count', info.payload, `animation count ${animationCount} is negative`);
  const pkg: ScannedPackage = { name, format: 'ANPK', animations: [], byteOffset: start, byteLength: cursor.pos - start };
  scan.packages.push(pkg);
  checkAnimationCount(cursor, scan, animationCount, ANPK_MIN_ANIMATION);

  for (let a = 0; a < animationCount; a++) {
    const animationAt = cursor.pos;
    const nameChunk = expectChunk(cursor, 'NAME');
    const animationName = readLatin1(bytes, nameChunk.payload, nameChunk.size);
    cursor.pos = nameChunk.end;
    const dgan = expectChunk(cursor, 'DGAN', 16);
    const dganInfo = expectChunk(cursor, 'INFO', 8);
    const sequenceCount = cursor.i32At(dganInfo.payload);
    cursor.pos = dganInfo.end;
    if (sequenceCount < 0) throw cursor.error('bad-count', dganInfo.payload, `sequence count ${sequenceCount} is negative`);
    cursor.needItems(sequenceCount, ANPK_MIN_SEQUENCE, () => `animation "${animationName}" sequence`);

    const firstRow = scan.table.count;
    for (let s = 0; s < sequenceCount; s++) scanCpan(cursor, scan);
    cursor.pos = Math.max(cursor.pos, dgan.end);
    pkg.animations.push({
      name: animationName,
      firstRow,
      trackCount: sequenceCount,
      byteOffset: animationAt,
      byteLength: cursor.pos - animationAt,
    });
    pkg.byteLength = cursor.pos - start;
    scan.table.commit();
  }
}

function scanCpan(cursor: ByteCursor, scan: IFPScan): void {
  const { bytes } = cursor;
  const cpan = expectChunk(cursor, 'CPAN');
  const anim = expectChunk(cursor, 'ANIM');
  if (anim.size !== 44 && anim.size !== 48) {
    throw cursor.error('bad-chunk', anim.at, `ANIM chunk has ${anim.size} bytes; expected 44 or 48`);
  }
  const boneName = scan.names.read(bytes, anim.payload, 28);
  const frameCount = cursor.i32At(anim.payload + 28);
  // 48-byte chunks (GTA III) carry two sibling links instead of a bone id.
  const boneId = anim.size === 44 ? cursor.i32At(anim.payload + 40) : -1;
  cursor.pos = anim.end;
  if (frameCount < 0) throw cursor.error('bad-count', anim.payload + 28, `bone "${boneName}" has frame count ${frameCount}`);
  if (frameCount === 0) {
    cursor.pos = Math.max(cursor.pos, cpan.end);
    scan.table.add(TrackKind.AnpkKR00, 0, anim.end, boneName, boneId);
    return;
  }
  const keys = readChunk(cursor);
  const kind = ANPK_KEY_TAGS[keys.tag];
  if (kind === undefined) {
    throw cursor.error(
      'unknown-frame-type',
      keys.at,
      `bone "${boneName}" has key chunk ${JSON.stringify(keys.tag)}; expected KR00, KRT0 or KRTS`,
    );
  }
  const frameBytes = KIND_INFO[kind].frameBytes;
  if (frameCount * frameBytes > keys.size) {
    throw cursor.error(
      'truncated',
      keys.at,
      `bone "${boneName}": ${frameCount} ${keys.tag} keys need ${frameCount * frameBytes} bytes, the chunk has ${keys.size}`,
    );
  }
  cursor.pos = Math.max(keys.end, cpan.end);
  scan.table.add(kind, frameCount, keys.payload, boneName, boneId);
}

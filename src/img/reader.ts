import { inputBytes } from '../core/input.js';
import { ByteCursor } from '../core/byte-cursor.js';
import type { Code } from '../core/codes.js';
import { ArgumentError, DecodeError, type DecodeWarning, warning } from '../core/errors.js';
import { nameKey, readLatin1 } from '../core/names.js';
import { workCount } from '../core/work-count.js';

/** The size of an IMG sector: entries start and end on these. */
export const SECTOR_BYTES = 2048;

const isByteCount = (n: number) => Number.isSafeInteger(n) && n >= 0;
const ENTRY_BYTES = 32;

/** One entry of an IMG archive's directory: its name, and where its bytes lie. */
export interface IMGEntry {
  name: string;
  /** Byte offset of the entry's data in the archive (the .img file for v1 archives). */
  offset: number;
  /** Size in bytes: whole sectors, as archives store it. */
  size: number;
}

/** The v1 directory `fromDir` is reading, for the constructor it calls. */
let pendingDirectory: Uint8Array | undefined;

/**
 * A GTA IMG archive: San Andreas `VER2` (one file with its directory inside), or III/VC v1 (a `.dir`
 * directory plus a header-less `.img`; use `IMGArchive.fromDir`). Entries are read on demand as
 * zero-copy views of the archive bytes.
 */
export class IMGArchive {
  readonly version: 'VER2' | 'v1';
  readonly entries: IMGEntry[];
  readonly warnings: DecodeWarning[] = [];
  readonly #data: Uint8Array;
  readonly #byName = new Map<string, IMGEntry>();
  /** Where entry i's directory record is: `#firstRecord + 32 * i`, for error offsets. */
  readonly #firstRecord: number;

  /** Reads a SA `VER2` archive. */
  constructor(bytes: Uint8Array | ArrayBuffer) {
    // `fromDir` hands its directory over this way, so the public constructor takes no internal parameter.
    const directory = pendingDirectory;
    pendingDirectory = undefined;
    this.#data = inputBytes(bytes);
    if (directory) {
      this.version = 'v1';
      this.#firstRecord = 0;
      this.entries = this.#readV1Directory(directory);
    } else {
      this.version = 'VER2';
      this.#firstRecord = 8;
      this.entries = this.#readVer2Directory();
    }
    // One pass, and one warning per kind of problem (with a count and the first case): a directory of
    // half a million broken records must not cost half a million warnings, or seconds of work.
    const duplicates: number[] = [];
    const outOfRange: number[] = [];
    this.entries.forEach((entry, index) => {
      const key = nameKey(entry.name);
      if (!this.#byName.has(key)) this.#byName.set(key, entry);
      else duplicates.push(index);
      if (!this.#inRange(entry)) outOfRange.push(index);
    });
    if (duplicates.length) {
      const first = this.entries[duplicates[0]!]!;
      this.#warn('duplicate-name', duplicates, `entry "${first.name}" repeats an earlier name; lookups by name return the first`);
    }
    if (outOfRange.length)
      this.#warn(
        'entry-out-of-range',
        outOfRange,
        `${this.#rangeDetail(this.entries[outOfRange[0]!]!)}; reading it throws, the other entries stay readable`,
      );
    this.#reportOverlaps();
  }

  /** Reads a III/VC v1 archive: the `.dir` directory and the `.img` data it describes. */
  static fromDir(dirBytes: Uint8Array | ArrayBuffer, imgBytes: Uint8Array | ArrayBuffer): IMGArchive {
    pendingDirectory = inputBytes(dirBytes);
    try {
      return new IMGArchive(imgBytes);
    } finally {
      pendingDirectory = undefined;
    }
  }

  /** Bytes of archive data (the .img for v1 archives). */
  get dataLength(): number {
    return this.#data.length;
  }

  /** Case-insensitive lookup; undefined when there is no such entry. */
  find(name: string): IMGEntry | undefined {
    return this.#byName.get(nameKey(name));
  }

  /**
   * The entry's bytes, as a view of the archive (no copy), or undefined when there is no such entry.
   * Throws a `DecodeError` for an entry that points past the end of the archive; others stay readable.
   */
  get(name: string): Uint8Array | undefined {
    const entry = this.find(name);
    return entry && this.read(entry);
  }

  /**
   * The bytes of an entry of this archive (or any `{ offset, size }` the caller builds), as a view.
   * A range that is not made of whole non-negative numbers is API misuse: `RangeError`.
   */
  read(entry: IMGEntry): Uint8Array {
    if (!isByteCount(entry.offset) || !isByteCount(entry.size)) {
      throw new ArgumentError(
        'bad-argument',
        `IMG entry "${entry.name}" has offset ${entry.offset} and size ${entry.size}; both must be whole numbers of bytes, 0 or more`,
      );
    }
    if (!this.#inRange(entry))
      throw new DecodeError('IMG', 'entry-out-of-range', this.#recordOf(this.#indexOf(entry)), this.#rangeDetail(entry));
    return this.#data.subarray(entry.offset, entry.offset + entry.size);
  }

  #readVer2Directory(): IMGEntry[] {
    const cursor = new ByteCursor(this.#data, 'IMG');
    const magic = cursor.tag('archive magic');
    if (magic !== 'VER2') {
      throw new DecodeError(
        'IMG',
        'unknown-magic',
        0,
        `not a VER2 archive: magic ${JSON.stringify(magic)}${this.#data.length ? '; GTA III/VC archives are a .dir directory beside a header-less .img' : ''}`,
      );
    }
    const count = cursor.u32('entry count');
    cursor.needItems(count, ENTRY_BYTES, 'directory entry');
    const entries: IMGEntry[] = [];
    for (let i = 0; i < count; i++) {
      const _at = cursor.pos;
      const offset = cursor.u32() * SECTOR_BYTES;
      const streamingSize = cursor.u16();
      const sizeInArchive = cursor.u16();
      // The game forces byte 23 to NUL, so a name has at most 23 characters.
      const name = readLatin1(this.#data, cursor.pos, 23);
      cursor.skip(24);
      entries.push({ name, offset, size: (sizeInArchive || streamingSize) * SECTOR_BYTES });
    }
    return entries;
  }

  #readV1Directory(directory: Uint8Array): IMGEntry[] {
    const cursor = new ByteCursor(directory, 'IMG');
    const entries: IMGEntry[] = [];
    while (cursor.remaining >= ENTRY_BYTES) {
      const _at = cursor.pos;
      const offset = cursor.u32() * SECTOR_BYTES;
      const size = cursor.u32() * SECTOR_BYTES;
      const name = cursor.fixedName(24);
      entries.push({ name, offset, size });
    }
    if (cursor.remaining > 0) {
      this.warnings.push(
        warning(
          'IMG',
          'trailing-bytes',
          cursor.pos,
          `the directory ends with ${cursor.remaining} bytes that are not a whole 32-byte entry; ignored`,
        ),
      );
    }
    return entries;
  }

  #index: Map<IMGEntry, number> | undefined;

  /** An entry's place in the directory, looked up once per archive (reading every entry stays linear). */
  #indexOf(entry: IMGEntry): number {
    if (!this.#index) {
      this.#index = new Map(this.entries.map((e, i) => [e, i]));
      workCount.imgEntriesSearched += this.entries.length;
    }
    workCount.imgEntriesSearched++;
    return this.#index.get(entry) ?? -1;
  }

  #inRange(entry: IMGEntry): boolean {
    return entry.offset + entry.size <= this.#data.length;
  }

  #rangeDetail(entry: IMGEntry): string {
    return `entry "${entry.name}" spans bytes ${entry.offset} to ${entry.offset + entry.size}, past the archive's end at ${this.#data.length}`;
  }

  /** The byte offset of entry `index`'s directory record; 0 for an entry not of this archive. */
  #recordOf(index: number): number {
    return index < 0 ? 0 : this.#firstRecord + 32 * index;
  }

  /** One warning for every entry in `indices` (non-empty); `detail` describes the first. */
  #warn(code: Code, indices: readonly number[], detail: string): void {
    const more = indices.length > 1 ? ` (and ${indices.length - 1} more entries like it)` : '';
    this.warnings.push(warning('IMG', code, this.#recordOf(indices[0]!), detail + more));
  }

  /**
   * Entries whose data overlaps another's. Real archives never share sectors; a directory that does
   * can make a tool decode or extract the same bytes many times over, so it is worth a word.
   */
  #reportOverlaps(): void {
    const order = [...this.entries.keys()]
      .filter((i) => this.entries[i]!.size > 0)
      .sort((a, b) => this.entries[a]!.offset - this.entries[b]!.offset);
    let overlapping = 0;
    let first: [number, number] | undefined;
    let reach = -1; // the entry that reaches furthest so far
    const end = (i: number) => this.entries[i]!.offset + this.entries[i]!.size;
    for (const i of order) {
      if (reach >= 0 && this.entries[i]!.offset < end(reach)) {
        overlapping++;
        first ??= [reach, i];
      }
      if (reach < 0 || end(i) > end(reach)) reach = i;
    }
    if (!first) return;
    const [outer, inner] = [this.entries[first[0]]!, this.entries[first[1]]!];
    const at = this.#recordOf(first[1]);
    this.warnings.push(
      warning(
        'IMG',
        'overlapping-entries',
        at,
        `${overlapping} entries overlap the data of an earlier one (first: "${inner.name}", bytes ${inner.offset} to ${end(first[1])}, inside "${outer.name}")`,
      ),
    );
  }
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `IMGEntry` (format names are written in capitals). */
export type ImgEntry = IMGEntry;
/** @deprecated Use `IMGArchive` (format names are written in capitals). */
export const ImgArchive = IMGArchive;
/** @deprecated Use `IMGArchive` (format names are written in capitals). */
export type ImgArchive = IMGArchive;

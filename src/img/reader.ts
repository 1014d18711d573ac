import { ByteCursor } from '../core/byte-cursor.js';
import { DecodeError, type DecodeWarning } from '../core/errors.js';
import { indexByName, nameKey, readLatin1 } from '../core/names.js';

export const SECTOR_BYTES = 2048;
const ENTRY_BYTES = 32;

export interface ImgEntry {
  name: string;
  /** Byte offset of the entry's data in the archive (the .img file for v1 archives). */
  offset: number;
  /** Size in bytes: whole sectors, as archives store it. */
  size: number;
}

/**
 * A GTA IMG archive: San Andreas `VER2` (one file with its directory inside), or III/VC v1 (a `.dir`
 * directory plus a header-less `.img`; use `ImgArchive.fromDir`). Entries are read on demand as
 * zero-copy views of the archive bytes.
 */
export class ImgArchive {
  readonly version: 'VER2' | 'v1';
  readonly entries: ImgEntry[];
  readonly warnings: DecodeWarning[] = [];
  readonly #data: Uint8Array;
  readonly #byName: Map<string, ImgEntry>;
  /** Where each entry's directory record is, for error offsets. */
  readonly #recordAt = new Map<ImgEntry, number>();

  /** Reads a SA `VER2` archive. */
  constructor(bytes: Uint8Array | ArrayBuffer);
  /** @internal used by `fromDir` */
  constructor(bytes: Uint8Array | ArrayBuffer, directory: Uint8Array);
  constructor(bytes: Uint8Array | ArrayBuffer, directory?: Uint8Array) {
    this.#data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    if (directory) {
      this.version = 'v1';
      this.entries = this.#readV1Directory(directory);
    } else {
      this.version = 'VER2';
      this.entries = this.#readVer2Directory();
    }
    this.#byName = indexByName(this.entries, (entry) => entry.name);
    this.#reportDuplicates();
    for (const entry of this.entries) {
      const problem = this.#rangeProblem(entry);
      if (problem) this.warnings.push(problem.toWarning());
    }
  }

  /** Reads a III/VC v1 archive: the `.dir` directory and the `.img` data it describes. */
  static fromDir(dirBytes: Uint8Array | ArrayBuffer, imgBytes: Uint8Array | ArrayBuffer): ImgArchive {
    return new ImgArchive(imgBytes, dirBytes instanceof Uint8Array ? dirBytes : new Uint8Array(dirBytes));
  }

  /** Case-insensitive lookup; undefined when there is no such entry. */
  find(name: string): ImgEntry | undefined {
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

  read(entry: ImgEntry): Uint8Array {
    const problem = this.#rangeProblem(entry);
    if (problem) throw problem;
    return this.#data.subarray(entry.offset, entry.offset + entry.size);
  }

  #readVer2Directory(): ImgEntry[] {
    const cursor = new ByteCursor(this.#data, 'IMG');
    const magic = cursor.tag('archive magic');
    if (magic !== 'VER2') {
      throw new DecodeError('IMG', 'unknown-magic', 0, `not a VER2 archive: magic ${JSON.stringify(magic)}${this.#data.length ? '; for a GTA III/VC archive use ImgArchive.fromDir(dir, img)' : ''}`);
    }
    const count = cursor.u32('entry count');
    cursor.needItems(count, ENTRY_BYTES, 'directory entry');
    const entries: ImgEntry[] = [];
    for (let i = 0; i < count; i++) {
      const at = cursor.pos;
      const offset = cursor.u32() * SECTOR_BYTES;
      const streamingSize = cursor.u16();
      const sizeInArchive = cursor.u16();
      // The game forces byte 23 to NUL, so a name has at most 23 characters.
      const name = readLatin1(this.#data, cursor.pos, 23);
      cursor.skip(24);
      const entry = { name, offset, size: (sizeInArchive || streamingSize) * SECTOR_BYTES };
      this.#recordAt.set(entry, at);
      entries.push(entry);
    }
    return entries;
  }

  #readV1Directory(directory: Uint8Array): ImgEntry[] {
    const cursor = new ByteCursor(directory, 'IMG');
    const entries: ImgEntry[] = [];
    while (cursor.remaining >= ENTRY_BYTES) {
      const at = cursor.pos;
      const offset = cursor.u32() * SECTOR_BYTES;
      const size = cursor.u32() * SECTOR_BYTES;
      const name = cursor.fixedName(24);
      const entry = { name, offset, size };
      this.#recordAt.set(entry, at);
      entries.push(entry);
    }
    if (cursor.remaining > 0) {
      this.warnings.push({
        code: 'trailing-bytes',
        offset: cursor.pos,
        message: `IMG: the directory ends with ${cursor.remaining} bytes that are not a whole 32-byte entry; ignored (at byte ${cursor.pos})`,
      });
    }
    return entries;
  }

  #rangeProblem(entry: ImgEntry): DecodeError | undefined {
    if (entry.offset + entry.size <= this.#data.length) return undefined;
    return new DecodeError(
      'IMG',
      'entry-out-of-range',
      this.#recordAt.get(entry) ?? 0,
      `entry "${entry.name}" spans bytes ${entry.offset} to ${entry.offset + entry.size}, past the archive's end at ${this.#data.length}`,
    );
  }

  #reportDuplicates(): void {
    const seen = new Set<string>();
    for (const entry of this.entries) {
      const key = nameKey(entry.name);
      if (seen.has(key)) {
        this.warnings.push({
          code: 'duplicate-name',
          offset: this.#recordAt.get(entry) ?? 0,
          message: `IMG: entry "${entry.name}" repeats an earlier name; lookups by name return the first`,
        });
      }
      seen.add(key);
    }
  }
}

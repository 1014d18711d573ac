// An IMG archive on disk, read lazily: the directory once, then each entry's bytes when asked. The
// library's IMGArchive reads the directory from the slice that holds it; entries are sliced from the
// File, so a gigabyte archive costs its directory plus the entries opened.
import { DecodeError, IMGArchive, type DecodeWarning, type IMGEntry } from 'gameanim';
import { readSlice } from './folder-files.js';

const HEADER_BYTES = 8;
const RECORD_BYTES = 32;

export class LazyImg {
  private constructor(
    /** The archive's path in the folder (the `.img`). */
    readonly path: string,
    readonly file: File,
    readonly archive: IMGArchive,
    /** The directory's warnings, less those that only say the data was not read yet. */
    readonly warnings: readonly DecodeWarning[],
  ) {}

  get entries(): readonly IMGEntry[] {
    return this.archive.entries;
  }

  /** Opens a SA `VER2` archive, or a III/VC `.img` with its `.dir` (read whole: 32 bytes per entry). */
  static async open(path: string, file: File, dir?: { path: string; file: File }): Promise<LazyImg> {
    let archive: IMGArchive;
    if (dir) {
      archive = IMGArchive.fromDir(await readSlice(dir.path, dir.file), new Uint8Array(0));
    } else {
      const header = await readSlice(path, file, 0, HEADER_BYTES);
      // The entry count alone, to know how much directory to slice; IMGArchive reads it again with the rest.
      const count = header.length === HEADER_BYTES ? new DataView(header.buffer).getUint32(4, true) : 0;
      // The directory is the header plus a record per entry; the magic is checked by IMGArchive.
      const directory = new Uint8Array(HEADER_BYTES + RECORD_BYTES * count);
      directory.set(header);
      directory.set(await readSlice(path, file, HEADER_BYTES, directory.length), HEADER_BYTES);
      archive = new IMGArchive(directory);
    }
    // The archive was given the directory alone, so every entry lies "past its end": the real end is
    // the File's size, checked in `read`.
    return new LazyImg(
      path,
      file,
      archive,
      archive.warnings.filter((w) => w.code !== 'entry-out-of-range'),
    );
  }

  find(name: string): IMGEntry | undefined {
    return this.archive.find(name);
  }

  /** The entry's bytes, sliced from the file now; a `DecodeError` for an entry past the file's end. */
  async read(entry: IMGEntry): Promise<Uint8Array<ArrayBuffer>> {
    if (entry.offset + entry.size > this.file.size) {
      throw new DecodeError(
        'IMG',
        'entry-out-of-range',
        0,
        `entry "${entry.name}" spans bytes ${entry.offset} to ${entry.offset + entry.size}, past the archive's end at ${this.file.size}`,
      );
    }
    return readSlice(this.path, this.file, entry.offset, entry.offset + entry.size);
  }
}

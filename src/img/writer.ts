import { ByteWriter } from '../core/byte-writer.js';
import { EncodeError, warning, type DecodeWarning } from '../core/errors.js';
import { checkIMGName, IMG_NAME_CHARACTERS } from './names.js';
import { SECTOR_BYTES } from './reader.js';

/** One file to put in an archive: its name and bytes. */
export interface IMGEntryData {
  name: string;
  data: Uint8Array;
}

/** How `writeIMG` treats a name too long for its field: refused, or cut with a warning. */
export interface WriteIMGOptions {
  /**
   * VER2 names hold 23 characters (the game forces byte 23 to NUL); III/VC v1 names may hold 24.
   * By default a longer name is an `EncodeError` (a `RangeError`) naming the entry. `true` cuts it to
   * 23 characters and reports each cut in `warnings` (when given). Any other name an IMG cannot hold
   * (a control character, a path, `..`) is refused either way.
   */
  truncateNames?: boolean;
  warnings?: DecodeWarning[];
}

/**
 * Builds a SA `VER2` archive: the directory, then each entry's data from a sector boundary, zero-padded.
 * Names follow `checkIMGName`; nothing is built when one does not.
 */
export function writeIMG(entries: readonly IMGEntryData[], options: WriteIMGOptions = {}): Uint8Array {
  const out = new ByteWriter();
  const directoryBytes = 8 + 32 * entries.length;
  let sector = Math.ceil(directoryBytes / SECTOR_BYTES);
  out.tag('VER2');
  out.u32(entries.length);
  entries.forEach(({ name: given, data }, index) => {
    let name = given;
    if (name.length > IMG_NAME_CHARACTERS) {
      if (!options.truncateNames)
        throw new EncodeError(
          'IMG',
          'bad-name',
          `entry ${index} "${name}" has ${name.length} characters; VER2 names hold 23 (pass truncateNames: true to cut them)`,
        );
      name = name.slice(0, IMG_NAME_CHARACTERS);
      options.warnings?.push(
        warning(
          'IMG',
          'name-truncated',
          8 + 32 * index,
          `entry ${index} "${given}" was written as "${name}": VER2 names hold 23 characters`,
        ),
      );
    }
    checkIMGName(name);
    const sectors = Math.ceil(data.length / SECTOR_BYTES);
    if (sectors > 0xffff)
      throw new EncodeError('IMG', 'field-overflow', `IMG entry "${name}" is larger than a VER2 entry can be (65535 sectors)`);
    out.u32(sector);
    out.u16(sectors);
    out.u16(0); // sizeInArchive: 0, as in the games' archives
    out.fixedName(name, 24);
    sector += sectors;
  });
  out.pad(SECTOR_BYTES);
  for (const { data } of entries) {
    out.bytes(data);
    out.pad(SECTOR_BYTES);
  }
  return out.finish();
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `IMGEntryData` (format names are written in capitals). */
export type ImgEntryData = IMGEntryData;
/** @deprecated Use `WriteIMGOptions` (format names are written in capitals). */
export type WriteImgOptions = WriteIMGOptions;
/** @deprecated Use `writeIMG` (format names are written in capitals). */
export const writeImg = writeIMG;

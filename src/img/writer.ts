import { ByteWriter } from '../core/byte-writer.js';
import { SECTOR_BYTES } from './reader.js';

export interface ImgEntryData {
  name: string;
  data: Uint8Array;
}

/** Builds a SA `VER2` archive: the directory, then each entry's data from a sector boundary, zero-padded. */
export function writeImg(entries: readonly ImgEntryData[]): Uint8Array {
  const out = new ByteWriter();
  const directoryBytes = 8 + 32 * entries.length;
  let sector = Math.ceil(directoryBytes / SECTOR_BYTES);
  out.tag('VER2');
  out.u32(entries.length);
  for (const { name, data } of entries) {
    if (name.length > 23) throw new RangeError(`IMG entry name "${name}" is longer than 23 characters`);
    const sectors = Math.ceil(data.length / SECTOR_BYTES);
    if (sectors > 0xffff) throw new RangeError(`IMG entry "${name}" is larger than a VER2 entry can be (65535 sectors)`);
    out.u32(sector);
    out.u16(sectors);
    out.u16(0); // sizeInArchive: 0, as in the games' archives
    out.fixedName(name, 24);
    sector += sectors;
  }
  out.pad(SECTOR_BYTES);
  for (const { data } of entries) {
    out.bytes(data);
    out.pad(SECTOR_BYTES);
  }
  return out.finish();
}

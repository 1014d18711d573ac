// Hand-made VER2 archives that writeIMG refuses to make: entries that share sectors, and names no
// writer may set (control characters, paths), for the tests of readers and tools that meet them.
import { writeIMG } from '../../src/index.js';

export interface ForgedRecord {
  name: string;
  sector: number;
  sectors: number;
}

/**
 * A VER2 archive of these directory records over `sectors` sectors of data (the directory in the
 * first), every byte of data sector s being s + 1, so any two sectors differ.
 */
export function forgeVer2(records: readonly ForgedRecord[], sectors: number): Uint8Array {
  const bytes = new Uint8Array(sectors * 2048);
  for (let s = 1; s < sectors; s++) bytes.fill(s + 1, s * 2048, (s + 1) * 2048);
  const view = new DataView(bytes.buffer);
  bytes.set([0x56, 0x45, 0x52, 0x32]); // 'VER2'
  view.setUint32(4, records.length, true);
  records.forEach(({ name, sector, sectors: size }, i) => {
    view.setUint32(8 + 32 * i, sector, true);
    view.setUint16(12 + 32 * i, size, true);
    for (let c = 0; c < name.length; c++) bytes[16 + 32 * i + c] = name.charCodeAt(c);
  });
  return bytes;
}

/** writeIMG's archive with each entry's name field then set to `name`'s Latin-1 bytes, whatever they are. */
export function imgWithRawNames(entries: ReadonlyArray<{ name: string; data: Uint8Array }>): Uint8Array {
  const bytes = writeIMG(entries.map((entry, i) => ({ name: `entry${i}`, data: entry.data })));
  entries.forEach(({ name }, i) => {
    bytes.fill(0, 16 + 32 * i, 40 + 32 * i);
    for (let c = 0; c < name.length; c++) bytes[16 + 32 * i + c] = name.charCodeAt(c);
  });
  return bytes;
}

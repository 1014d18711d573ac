// What a reading command reads from one path: the file itself, or each entry of an IMG archive in a
// format gameanim reads, named archive.img/entry in every message and document. Every reading command
// (list, dump, bind, txd) walks archives through here, so they agree on which entries count.
import { findFormat, type AnyFileFormat } from 'gameanim';
import { checkReadingAmplification } from './amplification.js';
import { formatOf, openArchive, readInput } from './inputs.js';

export interface InputFile {
  /** The path, or archive.img/entry. */
  name: string;
  file: string;
  /** The IMG entry; null for a file of its own. */
  entry: string | null;
  bytes: Uint8Array;
  format: AnyFileFormat;
}

/** The file, or its archive's entries of a known format (archives inside archives are not walked). */
export function inputFiles(path: string, doing = 'reading its entries'): { archive: boolean; files: InputFile[] } {
  const bytes = readInput(path);
  const { format } = formatOf(path, bytes);
  if (!format.archive) return { archive: false, files: [{ name: path, file: path, entry: null, bytes, format }] };
  const { archive } = openArchive(path, bytes, true);
  const files: InputFile[] = [];
  const read: Array<{ size: number }> = [];
  for (const entry of archive.entries) {
    const data = archive.read(entry);
    const inner = findFormat(data, entry.name);
    if (inner && !inner.archive) {
      files.push({ name: `${path}/${entry.name}`, file: path, entry: entry.name, bytes: data, format: inner });
      read.push(entry);
    }
  }
  // Before any entry is decoded: entries sharing bytes cannot make the command decode them without end.
  checkReadingAmplification(path, bytes, archive, read, doing);
  return { archive: true, files };
}

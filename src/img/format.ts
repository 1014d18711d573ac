import { fourCC } from '../core/names.js';
import { plural, textTable } from '../core/text.js';
import type { FileFormat } from '../core/file-format.js';
import { ImgArchive } from './reader.js';

/** SA VER2 archives by magic. III/VC archives are a `.dir` plus an `.img`: the CLI pairs them itself. */
export const imgFormat: FileFormat<ImgArchive> = {
  name: 'IMG',
  description: 'GTA archive (SA VER2, or III/VC .dir + .img)',
  extensions: ['.img', '.dir'],
  namedClips: false,
  sniff: (bytes) => fourCC(bytes) === 'VER2',
  open: (bytes) => new ImgArchive(bytes),
  summary: (archive) => `IMG ${archive.version}, ${plural(archive.entries.length, 'entry', 'entries')}`,
  warnings: (archive) => archive.warnings,
  dumpText(archive, print) {
    print(textTable(['name', 'offset', 'size'], archive.entries.map((e) => [e.name, String(e.offset), String(e.size)])));
    for (const w of archive.warnings) print(`warning ${w.code}: ${w.message}`);
  },
  dumpJson: (archive, file) => ({ file, format: 'IMG', version: archive.version, warnings: archive.warnings, entries: archive.entries }),
};

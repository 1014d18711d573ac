import { fourCC } from '../core/names.js';
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
  warnings: (archive) => archive.warnings,
  archive: (archive) => archive,
};

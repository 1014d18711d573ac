import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { IMG_CODES } from './codes.js';
import { IMGArchive } from './reader.js';

/** SA VER2 archives by magic. III/VC archives are a `.dir` plus an `.img`: the CLI pairs them itself. */
export const imgFormat = {
  name: 'IMG',
  codes: IMG_CODES,
  description: 'GTA archive (SA VER2, or III/VC .dir + .img)',
  extensions: ['.img', '.dir'],
  sniff: (bytes) => fourCC(bytes) === 'VER2',
  open: (bytes) => new IMGArchive(bytes),
  warnings: (archive) => archive.warnings,
  archive: (archive) => archive,
} satisfies FileFormat<IMGArchive, 'IMG'>;

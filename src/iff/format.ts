import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { IFFReader } from './reader.js';

export const iffFormat: FileFormat<IFFReader> = {
  name: 'IFF',
  description: 'IGI 2 skeletal clip in a FORM/ANM2 container (the seed layout)',
  extensions: ['.iff'],
  namedClips: false,
  sniff: (bytes) => fourCC(bytes) === 'FORM',
  open: (bytes) => new IFFReader(bytes),
  warnings: (reader) => reader.warnings,
  clips: (reader) => [reader],
  skeleton: (reader) => reader.skeleton,
};

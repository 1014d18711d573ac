import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { IFF_CODES } from './codes.js';
import { IFFReader } from './reader.js';

/** The registry entry of IGI 2 FORM/ANM2 clips: opens one as an `IFFReader`, offering its clip. */
export const iffFormat = {
  name: 'IFF',
  codes: IFF_CODES,
  description: 'IGI 2 skeletal clip in a FORM/ANM2 container (the seed layout)',
  extensions: ['.iff'],
  sniff: (bytes) => fourCC(bytes) === 'FORM',
  open: (bytes) => new IFFReader(bytes),
  warnings: (reader) => reader.warnings,
  clips: (reader) => [reader],
  skeleton: (reader) => reader.skeleton,
} satisfies FileFormat<IFFReader, 'IFF'>;

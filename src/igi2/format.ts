import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { ILFF_CODES } from './codes.js';
import { IGI2ClipReader } from './clip-reader.js';
import { IGI2ModelReader } from './model-reader.js';

const isIlff = (bytes: Uint8Array, contentType: string) =>
  bytes.length >= 20 && fourCC(bytes) === 'ILFF' && fourCC(bytes, 16) === contentType;

/** IGI 2 retail clips: ILFF of content type MINA (`.iff`, like the seed's FORM/ANM2: told apart by magic). */
export const igi2ClipFormat = {
  name: 'ILFF',
  codes: ILFF_CODES,
  description: 'IGI 2 retail animation clip (ILFF/MINA)',
  extensions: [],
  sniff: (bytes) => isIlff(bytes, 'MINA'),
  open: (bytes) => new IGI2ClipReader(bytes),
  warnings: (clip) => clip.warnings,
  clips: (clip) => [clip],
  skeleton: (clip) => clip.skeleton,
} satisfies FileFormat<IGI2ClipReader, 'ILFF'>;

/** IGI 2 retail models: ILFF of content type OCEM (`.mef`), read for their skeleton. */
export const igi2ModelFormat = {
  name: 'ILFF',
  codes: ILFF_CODES,
  description: 'IGI 2 retail model (ILFF/OCEM), read for its skeleton',
  extensions: ['.mef'],
  sniff: (bytes) => isIlff(bytes, 'OCEM'),
  open: (bytes) => new IGI2ModelReader(bytes),
  warnings: (model) => model.warnings,
  skeleton: (model) => model.skeleton,
} satisfies FileFormat<IGI2ModelReader, 'ILFF'>;

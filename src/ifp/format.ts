import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { IFP_CODES } from './codes.js';
import { IFPReader } from './reader.js';

const MAGICS = new Set(['ANP3', 'ANP2', 'ANPK']);

/** The registry entry of IFP animation packages: opens one as an `IFPReader`, offering its packages and clips. */
export const ifpFormat = {
  name: 'IFP',
  codes: IFP_CODES,
  description: 'GTA III / Vice City / San Andreas animation package (ANP3, ANP2, ANPK)',
  extensions: ['.ifp'],
  sniff: (bytes) => MAGICS.has(fourCC(bytes)),
  open: (bytes) => new IFPReader(bytes),
  warnings: (reader) => reader.warnings,
  clips: (reader) => reader.animations,
  packages: (reader) => reader.packages,
} satisfies FileFormat<IFPReader, 'IFP'>;

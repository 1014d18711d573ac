import { ByteCursor } from '../core/byte-cursor.js';
import type { FileFormat } from '../core/file-format.js';
import { TXD_CODES } from './codes.js';
import { TXD_SECTION } from './layout.js';
import { TXDReader } from './reader.js';

/** The registry entry of texture dictionaries (.txd): opens one as a `TXDReader`, offering its textures. */
export const txdFormat = {
  name: 'TXD',
  codes: TXD_CODES,
  description: 'RenderWare texture dictionary (GTA III / VC / SA, PC: Direct3D 8 and 9)',
  extensions: ['.txd'],
  sniff: (bytes) => bytes.length >= 12 && new ByteCursor(bytes, 'TXD').u32At(0) === TXD_SECTION.Dictionary,
  open: (bytes) => new TXDReader(bytes),
  warnings: (reader) => reader.warnings,
  textures: (reader) => reader.textures,
} satisfies FileFormat<TXDReader, 'TXD'>;

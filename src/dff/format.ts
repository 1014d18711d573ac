import { ByteCursor } from '../core/byte-cursor.js';
import type { FileFormat } from '../core/file-format.js';
import { DFF_CODES } from './codes.js';
import { DFFReader } from './reader.js';
import { Section } from './sections.js';

/** The registry entry of RenderWare models (.dff): opens one as a `DFFReader`, offering its skeleton and model. */
export const dffFormat = {
  name: 'DFF',
  codes: DFF_CODES,
  description: 'RenderWare model (GTA III / VC / SA), read for its skeleton',
  extensions: ['.dff'],
  // A Clump first; models with sections before the Clump are found by extension.
  sniff: (bytes) => bytes.length >= 12 && new ByteCursor(bytes, 'DFF').u32At(0) === Section.Clump,
  open: (bytes) => new DFFReader(bytes),
  warnings: (reader) => reader.warnings,
  skeleton: (reader) => reader.skeleton,
  model: (reader) => reader,
} satisfies FileFormat<DFFReader, 'DFF'>;

import { ByteCursor } from '../core/byte-cursor.js';
import type { FileFormat } from '../core/file-format.js';
import { DFFReader } from './reader.js';
import { Section } from './sections.js';

export const dffFormat: FileFormat<DFFReader> = {
  name: 'DFF',
  description: 'RenderWare model (GTA III / VC / SA), read for its skeleton',
  extensions: ['.dff'],
  namedClips: false,
  // A Clump first; models with sections before the Clump are found by extension.
  sniff: (bytes) => bytes.length >= 12 && new ByteCursor(bytes, 'DFF').u32At(0) === Section.Clump,
  open: (bytes) => new DFFReader(bytes),
  warnings: (reader) => reader.warnings,
  skeleton: (reader) => reader.skeleton,
  model: (reader) => reader,
};

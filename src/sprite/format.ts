import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { SpriteAnimReader } from './reader.js';

export const animFormat: FileFormat<SpriteAnimReader> = {
  name: 'ANIM',
  description: 'sprite atlas and bytecode scripts',
  extensions: ['.anim'],
  namedClips: false,
  sniff: (bytes) => fourCC(bytes) === 'ANIM',
  open: (bytes) => new SpriteAnimReader(bytes),
  warnings: (reader) => reader.warnings,
};

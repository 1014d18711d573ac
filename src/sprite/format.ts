import { fourCC } from '../core/names.js';
import type { FileFormat } from '../core/file-format.js';
import { ANIM_CODES } from './codes.js';
import { SpriteAnimReader } from './reader.js';

/** The registry entry of ANIM sprite files: opens one as a `SpriteAnimReader`. */
export const animFormat = {
  name: 'ANIM',
  codes: ANIM_CODES,
  description: 'sprite atlas and bytecode scripts',
  extensions: ['.anim'],
  sniff: (bytes) => fourCC(bytes) === 'ANIM',
  open: (bytes) => new SpriteAnimReader(bytes),
  warnings: (reader) => reader.warnings,
  sprites: (reader) => reader,
} satisfies FileFormat<SpriteAnimReader, 'ANIM'>;

declare module '../core/file-format.js' {
  // The viewer lists an ANIM file's scripts and plays them with `SpriteScriptRunner`.
  interface SpriteScripts extends SpriteAnimReader {}
}

// What writeTXD checks before it writes a byte: every value fits its field on disk (a width of 65537
// would read back as 1), and the file is one TXDReader reads back as given (a short level or palette
// would be refused, or shift every byte after it). A refusal is an EncodeError naming the field.
import type { Code } from '../core/codes.js';
import { EncodeError } from '../core/errors.js';
import { texelLayout } from './layout.js';
import type { TextureData, TextureDictionaryData, UnknownSection } from './types.js';

const refuse = (code: Code, detail: string) => new EncodeError('TXD', code, detail);

/** An unsigned field of `bits` bits holds a whole number from 0 to 2^bits - 1. */
function unsigned(where: string, field: string, value: number, bits: 8 | 16 | 32): void {
  if (!(Number.isInteger(value) && value >= 0 && value < 2 ** bits))
    throw refuse('field-overflow', `${where}${field} ${value} does not fit its ${bits}-bit field`);
}

function libraryIds(where: string, ids: readonly number[]): void {
  ids.forEach((id, i) => unsigned(where, `libraryIds[${i}]`, id, 32));
}

function sections(where: string, list: readonly UnknownSection[] = []): void {
  for (const section of list) {
    // Position 0 would put it before the Struct, which TXDReader requires first.
    if (!(Number.isInteger(section.position) && section.position >= 1))
      throw refuse(
        'unknown-section',
        `${where}unknown section 0x${section.type.toString(16)} at position ${section.position}; its container's Struct comes first (position 1 or later)`,
      );
    unsigned(where, 'unknown section type', section.type, 32);
    unsigned(where, 'unknown section libraryId', section.libraryId, 32);
  }
}

/** A 32-byte name field holds up to 32 Latin-1 characters (the game reads up to the first NUL). */
function name(where: string, field: string, value: string): void {
  if (value.length > 32 || /[^\u0000-\u00ff]/.test(value))
    throw refuse('field-overflow', `${where}${field} ${JSON.stringify(value)} does not fit its 32-byte Latin-1 field`);
}

export function checkDictionary(dictionary: TextureDictionaryData): void {
  unsigned('', 'texture count', dictionary.textures.length, 16);
  unsigned('', 'deviceId', dictionary.deviceId, 16);
  libraryIds('', dictionary.libraryIds);
  sections('', dictionary.unknownSections);
  for (const texture of dictionary.textures) checkTexture(texture);
}

function checkTexture(texture: TextureData): void {
  const where = `texture ${JSON.stringify(texture.name)}: `;
  if (texture.platformId !== 8 && texture.platformId !== 9)
    throw refuse('unsupported-platform', `${where}platformId ${texture.platformId}; TXDReader reads 8 (Direct3D 8) and 9 (Direct3D 9)`);
  name(where, 'name', texture.name);
  name(where, 'maskName', texture.maskName);
  unsigned(where, 'filterFlags', texture.filterFlags, 32);
  unsigned(where, 'rasterFormat', texture.rasterFormat, 32);
  unsigned(where, 'formatWord', texture.formatWord, 32);
  for (const field of ['width', 'height'] as const) {
    unsigned(where, field, texture[field], 16);
    if (texture[field] === 0) throw refuse('bad-count', `${where}${field} 0; a texture is at least 1 x 1`);
  }
  unsigned(where, 'depth', texture.depth, 8);
  unsigned(where, 'rasterType', texture.rasterType, 8);
  unsigned(where, 'compression', texture.compression, 8);
  unsigned(where, 'level count', texture.levels.length, 8);
  if (texture.levels.length === 0) throw refuse('bad-count', `${where}level count 0; a texture has 1 to 255 levels`);
  libraryIds(where, texture.libraryIds);
  sections(where, texture.unknownSections);
  const layout = texelLayout(texture.platformId, texture.rasterFormat, texture.formatWord, texture.compression);
  if (!layout)
    throw refuse(
      'unknown-pixel-format',
      `${where}rasterFormat 0x${texture.rasterFormat.toString(16)}, formatWord 0x${texture.formatWord.toString(16)}, compression ${texture.compression} name no pixel format TXDReader knows`,
    );
  const paletteBytes = 4 * layout.paletteEntries;
  const stored = texture.palette?.length ?? 0;
  if (stored !== paletteBytes)
    throw refuse(
      'chunk-size',
      `${where}palette holds ${stored} bytes; ${layout.format} ${paletteBytes ? `needs ${paletteBytes}` : 'stores none'}`,
    );
  texture.levels.forEach((level, i) => {
    const w = Math.max(1, texture.width >> i);
    const h = Math.max(1, texture.height >> i);
    if (level.width !== w || level.height !== h)
      throw refuse(
        'chunk-size',
        `${where}level ${i} is ${level.width} x ${level.height}; level ${i} of a ${texture.width} x ${texture.height} texture is ${w} x ${h}`,
      );
    const needed = layout.levelBytes(w, h, level.data.length);
    if (level.data.length < needed)
      throw refuse('chunk-size', `${where}level ${i} holds ${level.data.length} bytes; ${w} x ${h} ${layout.format} needs ${needed}`);
  });
}

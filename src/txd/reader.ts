import { ByteCursor } from '../core/byte-cursor.js';
import { ArgumentError, type DecodeWarning, warning } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import { nameKey } from '../core/names.js';
import { resolveBackend, type Backend, type BackendOption } from '../core/wasm-kernel.js';
import { children, expectSection, sectionAt, type SectionHeader } from '../core/rw-sections.js';
import { indexKind, TXD_SECTION, texelLayout, type TexelLayout } from './layout.js';
import { decodeTexelsJs } from './decode-js.js';
import { decodeTexelsWasm } from './decode-wasm.js';
import {
  ADDRESS_MODES,
  FILTER_MODES,
  type AddressMode,
  type FilterMode,
  type TextureData,
  type TextureDictionaryData,
  type TextureFormatName,
  type TextureLevel,
  type UnknownSection,
} from './types.js';

/** How `TXDReader` decodes pixels: which backend `rgba()` uses. */
export interface TXDReaderOptions {
  /** Which decoder `rgba()` uses. `auto` (default) takes SIMD wasm, then scalar wasm, then TypeScript. */
  backend?: BackendOption;
}

/** The platform ids a texture native may carry, named for the error that refuses them. */
const PLATFORMS: Record<number, string> = {
  1: 'OpenGL',
  2: 'Direct3D 7',
  4: 'Direct3D 8 (old id)',
  5: 'Xbox',
  6: 'GameCube',
  3298128: 'PS2',
  5264208: 'PSP',
  10: 'OpenGL (mobile)',
  11: 'Android',
};
/** A native texture's header before its palette: platform, filter word, two names, and the raster fields. */
const HEADER_BYTES = 88;

/**
 * Reads a RenderWare texture dictionary (`.txd`), the PC natives of GTA III, Vice City and San
 * Andreas: Direct3D 8 and 9. See docs/formats/txd.md.
 *
 * The level data, the palette and the extension are zero-copy views of the input; `rgba(level)`
 * decodes a level to RGBA8 (in wasm by default). Every size is checked against the bytes before
 * anything is allocated; bad input is a `DecodeError` of format 'TXD'.
 */
export class TXDReader implements TextureDictionaryData {
  readonly textures: TXDTexture[] = [];
  readonly deviceId: number;
  readonly extension: Uint8Array;
  readonly libraryIds: readonly [number, number, number];
  readonly unknownSections: readonly UnknownSection[];
  readonly warnings: DecodeWarning[] = [];

  constructor(bytes: Uint8Array | ArrayBuffer, options: TXDReaderOptions = {}) {
    const input = inputBytes(bytes);
    const cursor = new ByteCursor(input, 'TXD');
    if (input.length < 12 || cursor.u32At(0) !== TXD_SECTION.Dictionary) {
      throw cursor.error(
        input.length < 12 ? 'truncated' : 'unknown-magic',
        0,
        `not a texture dictionary: it starts with section 0x${input.length >= 4 ? cursor.u32At(0).toString(16) : '?'} (a TXD starts with 0x16)`,
      );
    }
    const dictionary = sectionAt(cursor, 0, input.length, 'Texture Dictionary');
    if (dictionary.end < input.length)
      this.warnings.push(
        warning('TXD', 'trailing-bytes', dictionary.end, `${input.length - dictionary.end} bytes after the Texture Dictionary; ignored`),
      );
    const sections = children(cursor, dictionary.data, dictionary.end, 'Texture Dictionary');
    const struct = sections[0];
    if (!struct || struct.type !== TXD_SECTION.Struct || struct.size < 4)
      throw cursor.error('chunk-size', dictionary.data, 'the Texture Dictionary has no 4-byte Struct (texture count, device)');
    const count = cursor.u16At(struct.data);
    this.deviceId = cursor.u16At(struct.data + 2);
    const natives = sections.filter((s) => s.type === TXD_SECTION.Native);
    if (natives.length !== count)
      this.warnings.push(
        warning('TXD', 'count-mismatch', struct.data, `the Struct counts ${count} textures; the dictionary holds ${natives.length}`),
      );
    const extension = sections.find((s) => s.type === TXD_SECTION.Extension);
    this.extension = extension ? input.subarray(extension.data, extension.end) : new Uint8Array(0);
    this.libraryIds = [dictionary.libraryId, struct.libraryId, extension?.libraryId ?? dictionary.libraryId];
    this.unknownSections = unknownSections(input, sections, 0, (s) => s === struct || s === extension || s.type === TXD_SECTION.Native);
    const backend = resolveBackend(options.backend, 'texture');
    for (const native of natives) this.textures.push(readNative(cursor, native, backend));
  }

  /** The texture with this name, compared as the game compares names (ASCII case ignored). */
  getTexture(name: string): TXDTexture | undefined {
    const key = nameKey(name);
    return this.textures.find((texture) => nameKey(texture.name) === key);
  }
}

/** One texture of a dictionary. */
export class TXDTexture implements TextureData {
  constructor(
    readonly name: string,
    readonly maskName: string,
    readonly platformId: 8 | 9,
    readonly filterFlags: number,
    readonly rasterFormat: number,
    readonly formatWord: number,
    readonly width: number,
    readonly height: number,
    readonly depth: number,
    readonly rasterType: number,
    readonly compression: number,
    readonly palette: Uint8Array | null,
    readonly levels: readonly TextureLevel[],
    readonly extension: Uint8Array,
    readonly nameField: Uint8Array,
    readonly maskField: Uint8Array,
    readonly libraryIds: readonly [number, number, number],
    readonly unknownSections: readonly UnknownSection[],
    /** How the pixels are stored, as the decoder reads them. */
    private readonly layout: TexelLayout,
    /** The decoder `rgba()` uses. */
    readonly backend: Backend,
  ) {}

  /** A readable format name: 'DXT1', 'DXT5', '8888', 'PAL8', ... */
  get format(): TextureFormatName {
    return this.layout.format;
  }

  /** Whether the texture's alpha is used (hair, glasses): the stored alpha flag. */
  get hasAlpha(): boolean {
    return this.layout.hasAlpha;
  }

  get mipmapCount(): number {
    return this.levels.length;
  }

  get filter(): FilterMode {
    return FILTER_MODES[this.filterFlags & 0xff] ?? 'none';
  }

  get addressU(): AddressMode {
    return ADDRESS_MODES[(this.filterFlags >> 8) & 0xf] ?? 'none';
  }

  get addressV(): AddressMode {
    return ADDRESS_MODES[(this.filterFlags >> 12) & 0xf] ?? 'none';
  }

  /** Level `level` (0: the largest) decoded to RGBA8: width x height x 4 bytes, a new array each call. */
  rgba(level = 0): Uint8Array {
    const found = this.levels[level];
    if (!found)
      throw new ArgumentError(
        'bad-argument',
        `rgba: the texture "${this.name}" has ${this.levels.length} levels; there is no level ${level}`,
      );
    const kind = indexKind(this.layout, found);
    const { opaque } = this.layout;
    const decoded =
      this.backend === 'js' ? undefined : decodeTexelsWasm(this.backend, kind, found.data, found.width, found.height, this.palette, opaque);
    if (decoded) return decoded;
    const out = new Uint8Array(found.width * found.height * 4);
    decodeTexelsJs(kind, found.data, out, found.width, found.height, this.palette, opaque);
    return out;
  }
}

function readNative(cursor: ByteCursor, native: SectionHeader, backend: Backend): TXDTexture {
  const struct = expectSection(cursor, native.data, native.end, TXD_SECTION.Struct, 'Texture Native');
  const at = struct.data;
  if (struct.size < 4) throw cursor.error('chunk-size', at, `a Texture Native Struct of ${struct.size} bytes has no platform id`);
  const platformId = cursor.u32At(at);
  if (platformId !== 8 && platformId !== 9) {
    const name = PLATFORMS[platformId] ?? `0x${platformId.toString(16)}`;
    throw cursor.error(
      'unsupported-platform',
      at,
      `a ${name} texture native: gameanim reads the PC natives (Direct3D 8 and 9, platform ids 8 and 9)`,
    );
  }
  if (struct.size < HEADER_BYTES)
    throw cursor.error('chunk-size', at, `a Direct3D texture native needs ${HEADER_BYTES} header bytes; its Struct holds ${struct.size}`);
  const bytes = cursor.bytes;
  const nameField = bytes.subarray(at + 8, at + 40);
  const maskField = bytes.subarray(at + 40, at + 72);
  const rasterFormat = cursor.u32At(at + 72);
  const formatWord = cursor.u32At(at + 76);
  const width = cursor.u16At(at + 80);
  const height = cursor.u16At(at + 82);
  const depth = cursor.u8At(at + 84);
  const levelCount = cursor.u8At(at + 85);
  const rasterType = cursor.u8At(at + 86);
  const compression = cursor.u8At(at + 87);
  const name = cursor.latin1At(at + 8, 32);
  const layout = texelLayout(platformId, rasterFormat, formatWord, compression);
  if (!layout)
    throw cursor.error(
      'unknown-pixel-format',
      at + 72,
      `texture "${name}": raster format 0x${rasterFormat.toString(16)}, format word 0x${formatWord.toString(16)}, compression ${compression} name no pixel format gameanim knows`,
    );
  if (width === 0 || height === 0) throw cursor.error('bad-count', at + 80, `texture "${name}" is ${width} x ${height}`);
  if (levelCount === 0) throw cursor.error('bad-count', at + 85, `texture "${name}" has no mipmap level`);
  let pos = at + HEADER_BYTES;
  let palette: Uint8Array | null = null;
  if (layout.paletteEntries) {
    const paletteBytes = 4 * layout.paletteEntries;
    if (paletteBytes > struct.end - pos)
      throw cursor.error(
        'count-exceeds-data',
        pos,
        `texture "${name}": its palette needs ${paletteBytes} bytes, ${struct.end - pos} remain`,
      );
    palette = bytes.subarray(pos, pos + paletteBytes);
    pos += paletteBytes;
  }
  const levels: TextureLevel[] = [];
  for (let i = 0; i < levelCount; i++) {
    const w = Math.max(1, width >> i);
    const h = Math.max(1, height >> i);
    const size = cursor.u32At(pos, `texture "${name}" level ${i} size`);
    const needed = layout.levelBytes(w, h, size);
    if (size > struct.end - pos - 4)
      throw cursor.error(
        'count-exceeds-data',
        pos,
        `texture "${name}" level ${i} claims ${size} bytes, ${struct.end - pos - 4} remain in its Struct`,
      );
    if (size < needed)
      throw cursor.error(
        'chunk-size',
        pos,
        `texture "${name}" level ${i} (${w} x ${h}, ${layout.format}) holds ${size} bytes; it needs ${needed}`,
      );
    levels.push({ width: w, height: h, data: bytes.subarray(pos + 4, pos + 4 + size) });
    pos += 4 + size;
  }
  const after = children(cursor, struct.end, native.end, 'Texture Native');
  const extension = after.find((s) => s.type === TXD_SECTION.Extension);
  return new TXDTexture(
    name,
    cursor.latin1At(at + 40, 32),
    platformId,
    cursor.u32At(at + 4),
    rasterFormat,
    formatWord,
    width,
    height,
    depth,
    rasterType,
    compression,
    palette,
    levels,
    extension ? bytes.subarray(extension.data, extension.end) : new Uint8Array(0),
    nameField,
    maskField,
    [native.libraryId, struct.libraryId, extension?.libraryId ?? native.libraryId],
    unknownSections(bytes, after, 1, (s) => s === extension),
    layout,
    backend,
  );
}

/**
 * The sections of a container that `known` does not claim, each with how many known sections come
 * before it (`knownBefore` of them precede `sections`), so the writer puts it back in its place.
 */
function unknownSections(
  bytes: Uint8Array,
  sections: readonly SectionHeader[],
  knownBefore: number,
  known: (section: SectionHeader) => boolean,
): UnknownSection[] {
  const unknown: UnknownSection[] = [];
  let position = knownBefore;
  for (const section of sections) {
    if (known(section)) position++;
    else unknown.push({ position, type: section.type, libraryId: section.libraryId, data: bytes.subarray(section.data, section.end) });
  }
  return unknown;
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `TXDTexture` (format names are written in capitals). */
export const TxdTexture = TXDTexture;
/** @deprecated Use `TXDTexture` (format names are written in capitals). */
export type TxdTexture = TXDTexture;

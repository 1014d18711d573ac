import { ByteWriter } from '../core/byte-writer.js';
import { readLatin1 } from '../core/names.js';
import { TXD_SECTION } from './layout.js';
import type { TextureData, TextureDictionaryData } from './types.js';

/**
 * A texture dictionary from its textures: the layout TXDReader reads (docs/formats/txd.md). Every
 * stored field comes from the data, so a dictionary read and written again is the same bytes.
 */
export function writeTXD(dictionary: TextureDictionaryData): Uint8Array {
  const out = new ByteWriter();
  const [dictionaryId, structId, extensionId] = dictionary.libraryIds;
  section(out, TXD_SECTION.Dictionary, dictionaryId, () => {
    section(out, TXD_SECTION.Struct, structId, () => {
      out.u16(dictionary.textures.length);
      out.u16(dictionary.deviceId);
    });
    for (const texture of dictionary.textures) writeNative(out, texture);
    section(out, TXD_SECTION.Extension, extensionId, () => out.bytes(dictionary.extension));
  });
  return out.finish();
}

function writeNative(out: ByteWriter, texture: TextureData): void {
  const [nativeId, structId, extensionId] = texture.libraryIds;
  if (texture.levels.length === 0 || texture.levels.length > 255) throw new RangeError(`writeTXD: texture "${texture.name}" has ${texture.levels.length} levels; a native holds 1 to 255`);
  section(out, TXD_SECTION.Native, nativeId, () => {
    section(out, TXD_SECTION.Struct, structId, () => {
      out.u32(texture.platformId);
      out.u32(texture.filterFlags);
      nameField(out, texture.name, texture.nameField);
      nameField(out, texture.maskName, texture.maskField);
      out.u32(texture.rasterFormat);
      out.u32(texture.formatWord);
      out.u16(texture.width);
      out.u16(texture.height);
      out.u8(texture.depth);
      out.u8(texture.levels.length);
      out.u8(texture.rasterType);
      out.u8(texture.compression);
      if (texture.palette) out.bytes(texture.palette);
      for (const level of texture.levels) {
        out.u32(level.data.length);
        out.bytes(level.data);
      }
    });
    section(out, TXD_SECTION.Extension, extensionId, () => out.bytes(texture.extension));
  });
}

/** The stored 32-byte field while it still reads as the name (bytes after the NUL kept), else the name. */
function nameField(out: ByteWriter, name: string, stored: Uint8Array | undefined): void {
  if (stored?.length === 32 && readLatin1(stored, 0, 32) === name) out.bytes(stored);
  else out.fixedName(name, 32);
}

/** A section: type, size (patched after its payload), library id, payload. */
function section(out: ByteWriter, type: number, libraryId: number, payload: () => void): void {
  out.u32(type);
  const sizeAt = out.length;
  out.u32(0);
  out.u32(libraryId);
  payload();
  out.patchU32(sizeAt, out.length - sizeAt - 8);
}

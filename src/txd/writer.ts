import { ByteWriter } from '../core/byte-writer.js';
import { readLatin1 } from '../core/names.js';
import { TXD_SECTION } from './layout.js';
import type { TextureData, TextureDictionaryData, UnknownSection } from './types.js';
import { checkDictionary } from './write-checks.js';

/**
 * A texture dictionary from its textures: the layout TXDReader reads (docs/formats/txd.md). Every
 * stored field comes from the data, unknown sections included, so a dictionary read and written
 * again is the same bytes. Throws an EncodeError, before writing anything, for a value its field
 * cannot hold or that TXDReader would refuse (src/txd/write-checks.ts).
 */
export function writeTXD(dictionary: TextureDictionaryData): Uint8Array {
  checkDictionary(dictionary);
  const out = new ByteWriter();
  const [dictionaryId, structId, extensionId] = dictionary.libraryIds;
  section(out, TXD_SECTION.Dictionary, dictionaryId, () => {
    const known = [
      () =>
        section(out, TXD_SECTION.Struct, structId, () => {
          out.u16(dictionary.textures.length);
          out.u16(dictionary.deviceId);
        }),
      ...dictionary.textures.map((texture) => () => writeNative(out, texture)),
      () => section(out, TXD_SECTION.Extension, extensionId, () => out.bytes(dictionary.extension)),
    ];
    children(out, known, dictionary.unknownSections);
  });
  return out.finish();
}

function writeNative(out: ByteWriter, texture: TextureData): void {
  const [nativeId, structId, extensionId] = texture.libraryIds;
  section(out, TXD_SECTION.Native, nativeId, () => {
    const struct = () =>
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
    children(
      out,
      [struct, () => section(out, TXD_SECTION.Extension, extensionId, () => out.bytes(texture.extension))],
      texture.unknownSections,
    );
  });
}

/** A container's known sections in order, each unknown one put back before the known one it preceded. */
function children(out: ByteWriter, known: ReadonlyArray<() => void>, unknown: readonly UnknownSection[] = []): void {
  const ordered = [...unknown].sort((a, b) => a.position - b.position); // stable: equal positions keep their order
  let next = 0;
  known.forEach((write, i) => {
    for (; next < ordered.length && ordered[next]!.position <= i; next++) raw(out, ordered[next]!);
    write();
  });
  for (; next < ordered.length; next++) raw(out, ordered[next]!);
}

function raw(out: ByteWriter, unknown: UnknownSection): void {
  section(out, unknown.type, unknown.libraryId, () => out.bytes(unknown.data));
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

// A dictionary read and written again keeps the sections TXDReader does not interpret, byte for byte
// and in their places (issue #30, item 18): a tool's own chunks, a second Extension, sections after
// the Extension, in the dictionary and in each Texture Native.
import { describe, expect, it } from 'vitest';
import { EncodeError, TXDReader, writeTXD } from '../../src/index.js';
import { dictionaryOf, plainTexture, TXD_IDS } from '../helpers/txd-textures.js';

/** A RenderWare section: type, payload size, library id, payload. */
function section(type: number, ...payload: Uint8Array[]): Uint8Array {
  const size = payload.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(12 + size);
  new DataView(out.buffer).setUint32(0, type, true);
  new DataView(out.buffer).setUint32(4, size, true);
  new DataView(out.buffer).setUint32(8, TXD_IDS[0], true);
  let at = 12;
  for (const part of payload) out.set(part, at), (at += part.length);
  return out;
}

const text = (value: string) => new TextEncoder().encode(value);
/** The Texture Native Struct writeTXD makes for one plain texture: after the dictionary (28 bytes) and the native's header. */
const written = writeTXD(dictionaryOf(plainTexture()));
const nativeStruct = written.subarray(40, 52 + new DataView(written.buffer).getUint32(44, true));

const STRUCT = 0x01,
  EXTENSION = 0x03,
  NATIVE = 0x15,
  DICTIONARY = 0x16;
const file = section(
  DICTIONARY,
  section(STRUCT, Uint8Array.of(2, 0, 2, 0)),
  section(0x0253f2fe, text('a tool chunk before the first texture')),
  section(
    NATIVE,
    nativeStruct,
    section(0x1234, text('between Struct and Extension')),
    section(EXTENSION, section(0x0253f2f9, text('a plugin'))),
    section(0x99, text('after the Extension')),
  ),
  section(NATIVE, nativeStruct, section(EXTENSION)),
  section(0x77, text('between the last texture and the Extension')),
  section(EXTENSION, text('dictionary extension')),
  section(EXTENSION, text('a second Extension')),
  section(0x78),
);

describe('TXD: unknown sections', () => {
  it('come back from a read and write byte for byte, in their places', () => {
    const txd = new TXDReader(file);
    expect(txd.textures).toHaveLength(2);
    expect(txd.unknownSections.map((s) => [s.type, s.position])).toEqual([
      [0x0253f2fe, 1],
      [0x77, 3],
      [EXTENSION, 4],
      [0x78, 4],
    ]);
    expect(txd.textures[0]!.unknownSections.map((s) => [s.type, s.position])).toEqual([
      [0x1234, 1],
      [0x99, 2],
    ]);
    expect(Buffer.from(writeTXD(txd)).equals(Buffer.from(file))).toBe(true);
  });

  it('one placed before the Struct is refused, as TXDReader would refuse the file', () => {
    const unknownSections = [{ position: 0, type: 0x1234, libraryId: 0, data: new Uint8Array(0) }];
    expect(() => writeTXD({ ...dictionaryOf(plainTexture()), unknownSections })).toThrow(EncodeError);
    expect(() => writeTXD(dictionaryOf({ ...plainTexture(), unknownSections }))).toThrow(
      /texture "plain": unknown section 0x1234 at position 0/,
    );
  });
});

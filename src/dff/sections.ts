import type { ByteCursor } from '../core/byte-cursor.js';
import { walkChunks, type ChunkHeader, type ChunkLayout } from '../core/chunks.js';

/** RenderWare section types this library reads (one table: the reader and the writer share it). */
export const Section = {
  Struct: 0x01,
  String: 0x02,
  Extension: 0x03,
  Texture: 0x06,
  Material: 0x07,
  MaterialList: 0x08,
  FrameList: 0x0e,
  Geometry: 0x0f,
  Clump: 0x10,
  Atomic: 0x14,
  GeometryList: 0x1a,
  HAnimPlg: 0x11e,
  SkinPlg: 0x116,
  BinMeshPlg: 0x50e,
  FrameName: 0x0253f2fe,
} as const;

export const SECTION_HEADER = 12;
/** The library id San Andreas writes (RenderWare 3.6.0.3); used by the writer. */
export const SA_LIBRARY_ID = 0x1803ffff;

export interface SectionHeader {
  type: number;
  /** Where the header starts. */
  at: number;
  /** Where the payload starts. */
  data: number;
  size: number;
  /** One past the payload. */
  end: number;
  libraryId: number;
}

const RW_SECTION: ChunkLayout<SectionHeader & ChunkHeader> = {
  headerBytes: SECTION_HEADER,
  noun: 'section',
  read(cursor, at) {
    const size = cursor.u32At(at + 4);
    return { type: cursor.u32At(at), size, libraryId: cursor.u32At(at + 8), next: SECTION_HEADER + size, at, data: at + SECTION_HEADER, end: at + SECTION_HEADER + size };
  },
  label: ({ type }) => `section 0x${type.toString(16)}`,
};

/** A walk that stops after one section (its `next` read as 0), for reading one header. */
const ONE_SECTION: ChunkLayout<SectionHeader & ChunkHeader> = { ...RW_SECTION, read: (cursor, at) => ({ ...RW_SECTION.read(cursor, at), next: 0 }) };

/** Reads the section header at `at`, which must fit with its payload before `limit`. */
export function sectionAt(cursor: ByteCursor, at: number, limit: number, what: string): SectionHeader {
  return walkChunks(cursor, at, Math.max(at + 1, limit), ONE_SECTION, what)[0]!;
}

/** The section at `at`, which must be of `type` (a container or struct the format requires there). */
export function expectSection(cursor: ByteCursor, at: number, limit: number, type: number, what: string): SectionHeader {
  const section = sectionAt(cursor, at, limit, what);
  if (section.type !== type) throw cursor.error('unknown-section', at, `${what}: expected section 0x${type.toString(16)}, found 0x${section.type.toString(16)}`);
  return section;
}

/** The child sections of a container's payload, in order. */
export function children(cursor: ByteCursor, from: number, limit: number, what: string): SectionHeader[] {
  return walkChunks(cursor, from, limit, RW_SECTION, what);
}

// RenderWare's binary sections, which DFF models and TXD dictionaries share: a 12-byte header (type,
// payload size, library id) and the payload, walked with the one chunk walker (chunks.ts).
import type { ByteCursor } from './byte-cursor.js';
import { walkChunks, type ChunkHeader, type ChunkLayout } from './chunks.js';

/** Bytes of a section header. */
export const SECTION_HEADER = 12;

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
    return {
      type: cursor.u32At(at),
      size,
      libraryId: cursor.u32At(at + 8),
      next: SECTION_HEADER + size,
      at,
      data: at + SECTION_HEADER,
      end: at + SECTION_HEADER + size,
    };
  },
  label: ({ type }) => `section 0x${type.toString(16)}`,
};

/** A walk that stops after one section (its `next` read as 0), for reading one header. */
const ONE_SECTION: ChunkLayout<SectionHeader & ChunkHeader> = {
  ...RW_SECTION,
  read: (cursor, at) => ({ ...RW_SECTION.read(cursor, at), next: 0 }),
};

/** Reads the section header at `at`, which must fit with its payload before `limit`. */
export function sectionAt(cursor: ByteCursor, at: number, limit: number, what: string): SectionHeader {
  return walkChunks(cursor, at, Math.max(at + 1, limit), ONE_SECTION, what)[0]!;
}

/** The section at `at`, which must be of `type` (a container or struct the format requires there). */
export function expectSection(cursor: ByteCursor, at: number, limit: number, type: number, what: string): SectionHeader {
  const section = sectionAt(cursor, at, limit, what);
  if (section.type !== type)
    throw cursor.error('unknown-section', at, `${what}: expected section 0x${type.toString(16)}, found 0x${section.type.toString(16)}`);
  return section;
}

/** The child sections of a container's payload, in order. */
export function children(cursor: ByteCursor, from: number, limit: number, what: string): SectionHeader[] {
  return walkChunks(cursor, from, limit, RW_SECTION, what);
}

import { DecodeError } from '../core/errors.js';

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

/** Reads the section header at `at`, which must fit with its payload before `limit`. */
export function sectionAt(view: DataView, at: number, limit: number, what: string): SectionHeader {
  if (limit - at < SECTION_HEADER) {
    throw new DecodeError('DFF', 'truncated', at, `${what}: a section header needs 12 bytes, ${Math.max(0, limit - at)} remain`);
  }
  const type = view.getUint32(at, true);
  const size = view.getUint32(at + 4, true);
  const libraryId = view.getUint32(at + 8, true);
  const data = at + SECTION_HEADER;
  if (size > limit - data) {
    throw new DecodeError('DFF', 'truncated', at, `${what}: section 0x${type.toString(16)} claims ${size} bytes, ${limit - data} remain in its container`);
  }
  return { type, at, data, size, end: data + size, libraryId };
}

/** The section at `at`, which must be of `type` (a container or struct the format requires there). */
export function expectSection(view: DataView, at: number, limit: number, type: number, what: string): SectionHeader {
  const section = sectionAt(view, at, limit, what);
  if (section.type !== type) {
    throw new DecodeError('DFF', 'unknown-section', at, `${what}: expected section 0x${type.toString(16)}, found 0x${section.type.toString(16)}`);
  }
  return section;
}

/** The child sections of a container's payload, in order. */
export function* children(view: DataView, from: number, limit: number, what: string): Generator<SectionHeader> {
  for (let at = from; at < limit; ) {
    const section = sectionAt(view, at, limit, what);
    yield section;
    at = section.end;
  }
}

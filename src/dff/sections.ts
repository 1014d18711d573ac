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

/** The library id San Andreas writes (RenderWare 3.6.0.3); used by the writer. */
export const SA_LIBRARY_ID = 0x1803ffff;

export { children, expectSection, sectionAt, SECTION_HEADER, type SectionHeader } from '../core/rw-sections.js';

// What `writeDFF` writes for a model of rigid parts (a GTA III ped, an animated object): one plain
// Geometry per part, in the Geometry List, and one Atomic tying each geometry to its frame.
import type { ByteWriter } from '../core/byte-writer.js';
import { writeLatin1 } from '../core/names.js';
import { rwVersion } from './geometry.js';
import { Section } from './sections.js';

/** One rigid part: a triangle list drawn on `frame`, with one material (a colour, and a texture name). */
export interface DFFRigidAtomic {
  frame: number;
  /** x y z per vertex, in the frame's space. */
  positions: ArrayLike<number>;
  /** u v per vertex; none for an untextured part. */
  uvs?: ArrayLike<number> | null;
  /** Three vertex indices per triangle, counter-clockwise. */
  triangles: ArrayLike<number>;
  color?: [number, number, number, number];
  texture?: string | null;
}

const GEOMETRY_POSITIONS = 0x02;
const GEOMETRY_TEXTURED = 0x04;
const ATOMIC_RENDER = 0x04;

type Sectioner = (type: number, body: () => void) => void;

export function writeRigidGeometries(out: ByteWriter, section: Sectioner, atomics: readonly DFFRigidAtomic[], libraryId: number): void {
  section(Section.GeometryList, () => {
    section(Section.Struct, () => out.u32(atomics.length));
    for (const atomic of atomics) writeGeometry(out, section, atomic, libraryId);
  });
}

export function writeAtomics(out: ByteWriter, section: Sectioner, atomics: readonly DFFRigidAtomic[]): void {
  atomics.forEach((atomic, geometry) => {
    section(Section.Atomic, () => {
      section(Section.Struct, () => {
        out.i32(atomic.frame);
        out.i32(geometry);
        out.u32(ATOMIC_RENDER);
        out.u32(0);
      });
      section(Section.Extension, () => {});
    });
  });
}

function writeGeometry(out: ByteWriter, section: Sectioner, atomic: DFFRigidAtomic, libraryId: number): void {
  const vertices = atomic.positions.length / 3;
  const triangles = atomic.triangles.length / 3;
  section(Section.Geometry, () => {
    section(Section.Struct, () => {
      out.u32(GEOMETRY_POSITIONS | (atomic.uvs ? GEOMETRY_TEXTURED : 0));
      out.u32(triangles);
      out.u32(vertices);
      out.u32(1); // morph targets
      // RenderWare before 3.4 keeps three lighting floats (ambient, specular, diffuse) here.
      if (rwVersion(libraryId) < 0x34000) for (const light of [1, 1, 1]) out.f32(light);
      if (atomic.uvs) for (let i = 0; i < 2 * vertices; i++) out.f32(atomic.uvs[i]!);
      for (let t = 0; t < triangles; t++) {
        // Stored as v2, v1, material, v3: the reader gives back (v1, v2, v3).
        out.u16(atomic.triangles[3 * t + 1]!);
        out.u16(atomic.triangles[3 * t]!);
        out.u16(0);
        out.u16(atomic.triangles[3 * t + 2]!);
      }
      for (let k = 0; k < 4; k++) out.f32(0); // bounding sphere
      out.u32(1); // has positions
      out.u32(0); // has normals
      for (let i = 0; i < 3 * vertices; i++) out.f32(atomic.positions[i]!);
    });
    section(Section.MaterialList, () => {
      section(Section.Struct, () => {
        out.u32(1);
        out.i32(-1);
      });
      writeMaterial(out, section, atomic);
    });
    section(Section.Extension, () => {});
  });
}

function writeMaterial(out: ByteWriter, section: Sectioner, atomic: DFFRigidAtomic): void {
  section(Section.Material, () => {
    section(Section.Struct, () => {
      out.u32(0); // flags
      for (const channel of atomic.color ?? [255, 255, 255, 255]) out.u8(channel);
      out.u32(0); // unused
      out.u32(atomic.texture ? 1 : 0);
    });
    if (atomic.texture) {
      section(Section.Texture, () => {
        section(Section.Struct, () => out.u32(0x1106)); // filter and addressing: linear mipmaps, wrap
        for (const name of [atomic.texture!, '']) section(Section.String, () => writeString(out, name));
        section(Section.Extension, () => {});
      });
    }
    section(Section.Extension, () => {});
  });
}

/** A RenderWare String: NUL-terminated, padded to 4 bytes. */
function writeString(out: ByteWriter, text: string): void {
  const bytes = new Uint8Array((text.length + 4) & ~3);
  writeLatin1(bytes, 0, text.length, text);
  out.bytes(bytes);
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `DFFRigidAtomic` (format names are written in capitals). */
export type DffRigidAtomic = DFFRigidAtomic;

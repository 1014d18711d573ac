import { EncodeError } from '../core/errors.js';
import { ByteWriter } from '../core/byte-writer.js';
import { writeLatin1 } from '../core/names.js';
import { writeAtomics, writeRigidGeometries, type DFFRigidAtomic } from './rigid-writer.js';
import { SA_LIBRARY_ID, Section } from './sections.js';

/** What `writeDFF` takes: frames, an HAnim hierarchy and inverse binds, or rigid parts on frames. */
export interface DFFDoc {
  frames: ReadonlyArray<{ name: string; parent: number; rotation: ArrayLike<number>; position: ArrayLike<number>; hanimId?: number }>;
  /** The HAnim node list and the frame whose HAnim PLG holds it; none for a model without bones. */
  hierarchy?: { frame: number; nodes: ReadonlyArray<{ id: number; flags: number }> } | null;
  /** 16 per node, column-major; written in a Skin PLG on an empty geometry. */
  inverseBindMatrices?: ArrayLike<number> | null;
  /** 'plain' (SA's newer layout, used-bone list) or 'deaddead' (the older layout: 0xDEADDEAD before each matrix). */
  skinLayout?: 'plain' | 'deaddead';
  libraryId?: number;
  /** Rigid parts, each on a frame (a model without a skin: a GTA III ped, an animated object). */
  atomics?: readonly DFFRigidAtomic[];
  /**
   * The Clump Struct's size: 12 (atomic, light and camera counts; the default) or 4 (the atomic count only, as RenderWare 3.1 writes it).
   */
  clumpStructBytes?: 4 | 12;
}

/**
 * Writes a RenderWare Clump holding what a skeleton needs: the Frame List with names and HAnim PLGs,
 * and, with inverse binds, one empty Geometry carrying a Skin PLG; or, with rigid atomics, their
 * geometries and atomics. For fixtures and round trips.
 */
export function writeDFF(doc: DFFDoc): Uint8Array {
  const out = new ByteWriter();
  const library = doc.libraryId ?? SA_LIBRARY_ID;
  const open = (type: number): number => {
    out.u32(type);
    const sizeAt = out.length;
    out.u32(0);
    out.u32(library);
    return sizeAt;
  };
  const close = (sizeAt: number) => out.patchU32(sizeAt, out.length - sizeAt - 8);
  const section = (type: number, body: () => void) => {
    const at = open(type);
    body();
    close(at);
  };

  section(Section.Clump, () => {
    section(Section.Struct, () => {
      out.u32(doc.atomics?.length ?? 0);
      if ((doc.clumpStructBytes ?? 12) === 12) {
        out.u32(0); // lights
        out.u32(0); // cameras
      }
    });
    section(Section.FrameList, () => {
      section(Section.Struct, () => {
        out.u32(doc.frames.length);
        for (const frame of doc.frames) {
          for (let k = 0; k < 9; k++) out.f32(frame.rotation[k]!);
          for (let k = 0; k < 3; k++) out.f32(frame.position[k]!);
          out.i32(frame.parent);
          out.u32(3); // flags, as the games' exporters write them
        }
      });
      doc.frames.forEach((frame, i) => {
        section(Section.Extension, () => {
          const nodes = doc.hierarchy?.frame === i ? doc.hierarchy.nodes : undefined;
          if ((frame.hanimId ?? -1) >= 0 || nodes) {
            section(Section.HAnimPlg, () => {
              out.u32(0x100);
              out.i32(frame.hanimId ?? -1);
              out.u32(nodes?.length ?? 0);
              if (nodes) {
                out.u32(0); // flags
                out.u32(36); // key frame size
                nodes.forEach((node, index) => {
                  out.i32(node.id);
                  out.i32(index);
                  out.u32(node.flags);
                });
              }
            });
          }
          if (frame.name) {
            section(Section.FrameName, () => {
              const name = new Uint8Array(frame.name.length);
              writeLatin1(name, 0, name.length, frame.name);
              out.bytes(name);
            });
          }
        });
      });
    });
    const binds = doc.inverseBindMatrices;
    if (binds && doc.hierarchy) writeSkinnedGeometry(out, section, binds, doc.hierarchy.nodes.length, doc.skinLayout ?? 'plain');
    else if (doc.atomics?.length) writeRigidGeometries(out, section, doc.atomics, library);
    if (doc.atomics?.length) writeAtomics(out, section, doc.atomics);
    section(Section.Extension, () => {});
  });
  return out.finish();
}

function writeSkinnedGeometry(
  out: ByteWriter,
  section: (type: number, body: () => void) => void,
  binds: ArrayLike<number>,
  bones: number,
  layout: 'plain' | 'deaddead',
): void {
  if (binds.length !== 16 * bones)
    throw new EncodeError('DFF', 'mismatched-lengths', `writeDFF: ${binds.length} inverse bind values for ${bones} bones (16 each)`);
  if (bones > 255) throw new EncodeError('DFF', 'field-overflow', `writeDFF: a Skin PLG holds at most 255 bones, not ${bones}`);
  section(Section.GeometryList, () => {
    section(Section.Struct, () => out.u32(1));
    section(Section.Geometry, () => {
      section(Section.Struct, () => {
        out.u32(0); // format flags
        out.u32(0); // triangles
        out.u32(0); // vertices
        out.u32(1); // morph targets
        for (let k = 0; k < 4; k++) out.f32(0); // bounding sphere
        out.u32(0); // has vertices
        out.u32(0); // has normals
      });
      section(Section.MaterialList, () => section(Section.Struct, () => out.u32(0)));
      section(Section.Extension, () => {
        section(Section.SkinPlg, () => {
          const used = layout === 'plain' ? bones : 0;
          out.u8(bones);
          out.u8(used);
          out.u8(4); // max weights per vertex
          out.u8(0);
          for (let i = 0; i < used; i++) out.u8(i);
          for (let bone = 0; bone < bones; bone++) {
            if (layout === 'deaddead') out.u32(0xdeaddead);
            for (let k = 0; k < 16; k++) out.f32(k % 4 === 3 ? 0 : binds[16 * bone + k]!);
          }
          if (layout === 'plain') out.zeros(12); // bone limit, mesh count, RLE count: no split meshes
        });
      });
    });
  });
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `DFFDoc` (format names are written in capitals). */
export type DffDoc = DFFDoc;

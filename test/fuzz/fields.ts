// Where each format keeps its counts, sizes and offsets, so that mutations can aim at them.
import { iffChunks, IFPReader, type IFFChunk } from '../../src/index.js';
import type { Field } from './arbitraries.js';

export function ifpFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  const reader = new IFPReader(bytes);
  for (const pkg of reader.packages) {
    if (pkg.format === 'ANPK') {
      fields.push(...anpkFields(bytes, pkg.byteOffset, pkg.byteOffset + pkg.byteLength));
      continue;
    }
    fields.push({ at: pkg.byteOffset + 4 }, { at: pkg.byteOffset + 32 });
    let at = pkg.byteOffset + 36;
    for (const animation of pkg.animations) {
      fields.push({ at: at + 24 }, { at: at + 28 });
      at += pkg.format === 'ANP3' ? 36 : 28;
      for (const bone of animation.bones) {
        fields.push({ at: at + 24 }, { at: at + 28 });
        at += 36 + bone.frameCount * (bone.compressed ? (bone.keyframeType === 'KR00' ? 10 : 16) : bone.keyframeType === 'KR00' ? 20 : 32);
      }
    }
  }
  return fields;
}

/** ANPK: every chunk's size field, the counts in INFO chunks and the frame counts in ANIM chunks. */
function anpkFields(bytes: Uint8Array, start: number, end: number): Field[] {
  const fields: Field[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  let at = start;
  while (at + 8 <= end) {
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    fields.push({ at: at + 4 });
    if (tag === 'INFO') fields.push({ at: at + 8 });
    if (tag === 'ANIM') fields.push({ at: at + 8 + 28 });
    // Containers are walked into; leaves are skipped, payloads rounded up to 4 bytes.
    at += ['ANPK', 'DGAN', 'CPAN'].includes(tag) ? 8 : 8 + size + ((4 - (size % 4)) % 4);
  }
  return fields;
}

export function imgFields(bytes: Uint8Array): Field[] {
  const count = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  return [{ at: 4 }, ...Array.from({ length: count }, (_, i) => [{ at: 8 + 32 * i }, { at: 12 + 32 * i }]).flat()];
}

export function iffFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [{ at: 4, bigEndian: true }];
  const chunks: IFFChunk[] = [...iffChunks(bytes, 12, bytes.length, 'IFF')];
  for (const chunk of chunks) {
    fields.push({ at: chunk.offset + 4, bigEndian: true });
    if (chunk.id === 'HEAD') fields.push({ at: chunk.dataOffset + 4 }, { at: chunk.dataOffset + 8 });
  }
  return fields;
}

export function animFields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const scriptCount = view.getUint32(10, true);
  const scriptTable = view.getUint32(0x16, true);
  return [6, 10, 0x12, 0x16, 0x1a, 0x1e]
    .map((at) => ({ at }))
    .concat(Array.from({ length: scriptCount }, (_, i) => ({ at: scriptTable + 8 * i + 4 })));
}

/** Every RenderWare section's size field (walked as far as the nesting is sound), and the counts a skeleton reads. */
export function dffFields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: Field[] = [];
  const containers = new Set([0x10, 0x0e, 0x03, 0x1a, 0x0f, 0x14, 0x08]);
  const walk = (from: number, to: number, depth: number) => {
    for (let at = from; at + 12 <= to && fields.length < 400; ) {
      const type = view.getUint32(at, true);
      const size = view.getUint32(at + 4, true);
      fields.push({ at: at + 4 });
      if (type === 0x01 || type === 0x11e) fields.push({ at: at + 12 }, { at: at + 20 }); // frame / node counts
      if (at + 12 + size > to) return;
      if (containers.has(type) && depth < 6) walk(at + 12, at + 12 + size, depth + 1);
      at += 12 + size;
    }
  };
  walk(0, bytes.length, 0);
  return fields;
}

/** The ILFF header size, every chunk's length and next offset, the DHNA counts, and every TNVE entry's size and link. */
export function ilffFields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: Field[] = [{ at: 4 }];
  for (let at = 20; at + 16 <= bytes.length && fields.length < 400; ) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const next = view.getUint32(at + 12, true);
    fields.push({ at: at + 4 }, { at: at + 12 });
    if (id === 'DHNA') fields.push({ at: at + 16 + 16 }, { at: at + 16 + 20 }, { at: at + 16 + 28 }, { at: at + 16 + 36 });
    if (id === 'TNVE') {
      for (let e = at + 16; e + 12 <= Math.min(bytes.length, at + 16 + size) && fields.length < 400; ) {
        fields.push({ at: e }, { at: e + 8 });
        const words = view.getUint16(e + 2, true);
        if (words === 0) break;
        e += 4 * words;
      }
    }
    if (next === 0) break;
    at += next;
  }
  return fields;
}

/**
 * The fields a DFF geometry read depends on: each Geometry Struct's flags, triangle, vertex and morph
 * target counts and the morph target's position and normal flags; each Bin Mesh PLG's counts and its
 * meshes' index counts and materials; each Skin PLG's bone counts. Walked as far as the nesting is sound.
 */
export function dffGeometryFields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: Field[] = [];
  const containers = new Set([0x10, 0x1a, 0x0f, 0x03]);
  const walk = (from: number, to: number, parent: number, depth: number) => {
    for (let at = from; at + 12 <= to && fields.length < 400; ) {
      const type = view.getUint32(at, true);
      // A protected model's Clump Struct lies about its size: read it as 12 bytes, as the reader does.
      const size = type === 0x01 && parent === 0x10 ? Math.min(12, view.getUint32(at + 4, true)) : view.getUint32(at + 4, true);
      if (at + 12 + size > to) return;
      const data = at + 12;
      if (type === 0x01 && parent === 0x0f) for (let k = 0; k < 4; k++) fields.push({ at: data + 4 * k });
      if (type === 0x50e && size >= 12) {
        fields.push({ at: data }, { at: data + 4 }, { at: data + 8 });
        for (let mesh = data + 12, n = 0; mesh + 8 <= data + size && n < 40; n++) {
          fields.push({ at: mesh }, { at: mesh + 4 });
          mesh += 8 + 4 * Math.min(view.getUint32(mesh, true), size);
        }
      }
      if (type === 0x116) fields.push({ at: data });
      if (containers.has(type) && depth < 6) walk(data, data + size, type, depth + 1);
      at = data + size;
    }
  };
  walk(0, bytes.length, -1, 0);
  return fields;
}

/** Every section size of a texture dictionary, the texture count, each native's dimensions, level count, format words and level sizes. */
export function txdFields(bytes: Uint8Array): Field[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: Field[] = [];
  const walk = (from: number, to: number, depth: number) => {
    for (let at = from; at + 12 <= to && fields.length < 400; ) {
      const type = view.getUint32(at, true);
      const size = view.getUint32(at + 4, true);
      fields.push({ at: at + 4 });
      if (at + 12 + size > to) return;
      if (type === 0x01 && depth === 1) fields.push({ at: at + 12 }); // texture count and device
      if (type === 0x01 && depth === 2 && size >= 88) {
        const s = at + 12;
        fields.push({ at: s }, { at: s + 72 }, { at: s + 76 }, { at: s + 80 }, { at: s + 84 });
        for (
          let level = s + 88 + (view.getUint32(s + 72, true) & 0x2000 ? 1024 : view.getUint32(s + 72, true) & 0x4000 ? 128 : 0), n = 0;
          level + 4 <= s + size && n < 16;
          n++
        ) {
          fields.push({ at: level });
          level += 4 + view.getUint32(level, true);
        }
      }
      if ((type === 0x16 || type === 0x15) && depth < 3) walk(at + 12, at + 12 + size, depth + 1);
      at += 12 + size;
    }
  };
  walk(0, bytes.length, 0);
  return fields;
}

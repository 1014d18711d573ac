import type { ByteCursor } from '../core/byte-cursor.js';
import { readLatin1 } from '../core/names.js';
import type { ModelGeometry, ModelGroup, ModelMaterial } from '../core/model-geometry.js';
import { children, expectSection, Section, type SectionHeader } from './sections.js';

/** A material: its colour (RGBA bytes) and the name of its texture, if it has one (TXD textures are not read). */
export type DFFMaterial = ModelMaterial;

/** Triangles of one material: `count` indices from `start` in `indices`. */
export type DFFGroup = ModelGroup;

/**
 * One geometry of the model, as typed arrays (docs/formats/dff.md): the core's `ModelGeometry`, with
 * `frame` the frame its atomic hangs from, the first morph target's positions, prelit colours,
 * triangles from the Bin Mesh PLG when there is one (strips become lists), skin from the Skin PLG.
 */
export type DFFGeometry = ModelGeometry;

const Flag = { TriStrip: 0x01, Textured: 0x04, Prelit: 0x08, Normals: 0x10, Textured2: 0x80, Native: 0x01000000 } as const;

/** Reads one Geometry section (its Struct, Material List and Extension with Bin Mesh and Skin PLGs). */
export function readGeometry(input: Uint8Array, cursor: ByteCursor, geometry: SectionHeader, frame: number): DFFGeometry {
  const sections = [...children(cursor, geometry.data, geometry.end, 'Geometry')];
  const struct = sections[0];
  if (!struct || struct.type !== Section.Struct)
    throw cursor.error('unknown-section', geometry.data, 'a Geometry must start with its Struct');
  const need = (at: number, bytes: number, what: string) => {
    if (at + bytes > struct.end)
      throw cursor.error(
        'count-exceeds-data',
        at,
        `geometry ${what} needs ${bytes} bytes, the Geometry Struct holds ${Math.max(0, struct.end - at)} more`,
      );
  };
  need(struct.data, 16, 'header');
  const flags = cursor.u32At(struct.data);
  const triangleCount = cursor.i32At(struct.data + 4);
  const vertexCount = cursor.i32At(struct.data + 8);
  const morphTargets = cursor.i32At(struct.data + 12);
  if (triangleCount < 0 || vertexCount < 0 || morphTargets < 0)
    throw cursor.error(
      'bad-count',
      struct.data + 4,
      `geometry counts ${triangleCount} triangles, ${vertexCount} vertices, ${morphTargets} morph targets`,
    );
  if (flags & Flag.Native)
    throw cursor.error('unknown-section', struct.data, 'a geometry in a platform-native layout (not the PC layout) is not read');
  let at = struct.data + 16;
  // RenderWare before 3.4 stores three lighting floats here.
  if (geometry.libraryId !== 0 && rwVersion(geometry.libraryId) < 0x34000) at += 12;

  let colors: Uint8Array | null = null;
  if (flags & Flag.Prelit) {
    need(at, 4 * vertexCount, 'prelit colours');
    colors = input.slice(at, at + 4 * vertexCount);
    at += 4 * vertexCount;
  }
  const texSets = (flags >>> 16) & 0xff || (flags & Flag.Textured2 ? 2 : flags & Flag.Textured ? 1 : 0);
  let uvs: Float32Array | null = null;
  if (texSets > 0) {
    need(at, 8 * vertexCount * texSets, 'texture coordinates');
    uvs = cursor.f32sAt(at, 2 * vertexCount);
    at += 8 * vertexCount * texSets;
  }
  need(at, 8 * triangleCount, 'triangles');
  const triangleAt = at;
  at += 8 * triangleCount;

  let positions: Float32Array | null = null;
  let normals: Float32Array | null = null;
  if (morphTargets > 0) {
    need(at, 24, 'morph target');
    const hasPositions = cursor.u32At(at + 16) !== 0;
    const hasNormals = cursor.u32At(at + 20) !== 0;
    at += 24;
    if (hasPositions) {
      need(at, 12 * vertexCount, 'positions');
      positions = cursor.f32sAt(at, 3 * vertexCount);
      at += 12 * vertexCount;
    }
    if (hasNormals && flags & Flag.Normals) {
      need(at, 12 * vertexCount, 'normals');
      normals = cursor.f32sAt(at, 3 * vertexCount);
    }
  }

  // Without positions nothing in the file stands for the vertices: the count is bounded by the Struct's
  // bytes, so a 252-byte model cannot ask for gigabytes of zero positions.
  if (!positions && vertexCount > struct.size)
    throw cursor.error(
      'count-exceeds-data',
      struct.data + 8,
      `geometry vertex count ${vertexCount} has no positions and exceeds its ${struct.size}-byte Struct`,
    );

  const materialList = sections.find((s) => s.type === Section.MaterialList);
  const materials = materialList ? readMaterials(input, cursor, materialList) : [];
  const extension = sections.find((s) => s.type === Section.Extension);
  const plugins = extension ? [...children(cursor, extension.data, extension.end, 'Geometry extension')] : [];
  // The Bin Mesh PLG is what the game draws from, split by material; the triangle list's material ids
  // are 0 for every triangle in real custom skins. So the Bin Mesh wins when there is one.
  const binMesh = plugins.find((p) => p.type === Section.BinMeshPlg);
  const { indices, groups } = binMesh
    ? trianglesFromBinMesh(cursor, binMesh, vertexCount, materials.length)
    : trianglesFromList(cursor, triangleAt, triangleCount, vertexCount);
  const skin = plugins.find((p) => p.type === Section.SkinPlg);
  let skinIndices: Uint8Array | null = null;
  let skinWeights: Float32Array | null = null;
  let skinMaxWeights = 0;
  if (skin) {
    if (skin.size < 4) throw cursor.error('truncated', skin.data, `the Skin PLG needs 4 bytes of counts, it has ${skin.size}`);
    const used = cursor.u8At(skin.data + 1);
    skinMaxWeights = cursor.u8At(skin.data + 2);
    const indicesAt = skin.data + 4 + used;
    if (indicesAt + 20 * vertexCount > skin.end)
      throw cursor.error('count-exceeds-data', skin.data, `the Skin PLG's weights for ${vertexCount} vertices run past it`);
    skinIndices = input.slice(indicesAt, indicesAt + 4 * vertexCount);
    skinWeights = cursor.f32sAt(indicesAt + 4 * vertexCount, 4 * vertexCount);
  }
  return {
    frame,
    vertexCount,
    positions: positions ?? new Float32Array(3 * vertexCount),
    normals,
    uvs,
    colors,
    indices,
    groups,
    materials,
    skinIndices,
    skinWeights,
    skinMaxWeights,
  };
}

/** The RenderWare version in a library id stamp (3.x.y.z as 0x3xyz0, e.g. 0x36003 for SA). */
export function rwVersion(libraryId: number): number {
  return libraryId & 0xffff0000 ? (((libraryId >>> 14) & 0x3ff00) + 0x30000) | ((libraryId >>> 16) & 0x3f) : libraryId << 8;
}

/** The triangle list: per triangle u16 v2, v1, material, v3; written as (v1, v2, v3), counter-clockwise, grouped by material. */
function trianglesFromList(
  cursor: ByteCursor,
  at: number,
  count: number,
  vertexCount: number,
): { indices: Uint32Array; groups: DFFGroup[] } {
  const byMaterial = new Map<number, number[]>();
  for (let t = 0; t < count; t++) {
    const o = at + 8 * t;
    const v2 = cursor.u16At(o);
    const v1 = cursor.u16At(o + 2);
    const material = cursor.u16At(o + 4);
    const v3 = cursor.u16At(o + 6);
    if (v1 >= vertexCount || v2 >= vertexCount || v3 >= vertexCount)
      throw cursor.error('count-exceeds-data', o, `triangle ${t} names vertex ${Math.max(v1, v2, v3)}; the geometry has ${vertexCount}`);
    let list = byMaterial.get(material);
    if (!list) byMaterial.set(material, (list = []));
    list.push(v1, v2, v3);
  }
  return grouped(byMaterial);
}

/**
 * Bin Mesh PLG: per material, a triangle list or strip of u32 indices. Strips become lists (alternate winding, degenerate triangles
 * dropped).
 */
function trianglesFromBinMesh(
  cursor: ByteCursor,
  plugin: SectionHeader | undefined,
  vertexCount: number,
  materials: number,
): { indices: Uint32Array; groups: DFFGroup[] } {
  const byMaterial = new Map<number, number[]>();
  if (!plugin) return grouped(byMaterial);
  if (plugin.size < 12) throw cursor.error('truncated', plugin.data, 'the Bin Mesh PLG needs 12 bytes');
  const strip = cursor.u32At(plugin.data) === 1;
  const meshes = cursor.u32At(plugin.data + 4);
  let at = plugin.data + 12;
  if (meshes > (plugin.end - at) / 8)
    throw cursor.error('count-exceeds-data', plugin.data + 4, `Bin Mesh PLG mesh count ${meshes} needs more bytes than it holds`);
  for (let m = 0; m < meshes; m++) {
    if (at + 8 > plugin.end) throw cursor.error('truncated', at, 'a Bin Mesh header runs past the PLG');
    const count = cursor.u32At(at);
    const material = cursor.u32At(at + 4);
    at += 8;
    if (count > (plugin.end - at) / 4)
      throw cursor.error('count-exceeds-data', at - 8, `Bin Mesh ${m} claims ${count} indices, more than the PLG holds`);
    if (materials && material >= materials)
      throw cursor.error('count-exceeds-data', at - 4, `Bin Mesh ${m} uses material ${material}; the geometry has ${materials}`);
    const idx = Array.from({ length: count }, (_, i) => cursor.u32At(at + 4 * i));
    at += 4 * count;
    if (idx.some((v) => v >= vertexCount))
      throw cursor.error('count-exceeds-data', at, `Bin Mesh ${m} names a vertex beyond the geometry's ${vertexCount}`);
    let list = byMaterial.get(material);
    if (!list) byMaterial.set(material, (list = []));
    if (!strip) {
      for (let i = 0; i + 2 < idx.length; i += 3) list.push(idx[i]!, idx[i + 1]!, idx[i + 2]!);
    } else {
      for (let i = 0; i + 2 < idx.length; i++) {
        const [a, b, c] = i % 2 ? [idx[i + 1]!, idx[i]!, idx[i + 2]!] : [idx[i]!, idx[i + 1]!, idx[i + 2]!];
        if (a !== b && b !== c && a !== c) list.push(a, b, c);
      }
    }
  }
  return grouped(byMaterial);
}

function grouped(byMaterial: Map<number, number[]>): { indices: Uint32Array; groups: DFFGroup[] } {
  const groups: DFFGroup[] = [];
  let total = 0;
  for (const [material, list] of [...byMaterial].sort((a, b) => a[0] - b[0])) {
    groups.push({ material, start: total, count: list.length });
    total += list.length;
  }
  const indices = new Uint32Array(total);
  for (const group of groups) indices.set(byMaterial.get(group.material)!, group.start);
  return { indices, groups };
}

/** Material List: its Struct (count, then an index per slot: -1 for a new material), then the Materials. */
function readMaterials(input: Uint8Array, cursor: ByteCursor, list: SectionHeader): DFFMaterial[] {
  const struct = expectSection(cursor, list.data, list.end, Section.Struct, 'Material List');
  const count = struct.size >= 4 ? cursor.u32At(struct.data) : 0;
  if (count > (struct.size - 4) / 4)
    throw cursor.error('count-exceeds-data', struct.data, `material count ${count} needs more bytes than the Material List Struct holds`);
  const slots = Array.from({ length: count }, (_, i) => cursor.i32At(struct.data + 4 + 4 * i));
  const own: DFFMaterial[] = [];
  for (const material of children(cursor, struct.end, list.end, 'Material List')) {
    if (material.type !== Section.Material) continue;
    const ms = expectSection(cursor, material.data, material.end, Section.Struct, 'Material');
    if (ms.size < 16) throw cursor.error('truncated', ms.data, 'a Material Struct needs 16 bytes');
    const color: DFFMaterial['color'] = [input[ms.data + 4]!, input[ms.data + 5]!, input[ms.data + 6]!, input[ms.data + 7]!];
    let texture: string | null = null;
    for (const child of children(cursor, ms.end, material.end, 'Material')) {
      if (child.type !== Section.Texture) continue;
      const name = [...children(cursor, child.data, child.end, 'Texture')].find((s) => s.type === Section.String);
      if (name) texture = readLatin1(input, name.data, name.size);
    }
    own.push({ color, texture });
  }
  // A slot of -1 takes the next material of the list; another value repeats an earlier slot's.
  const out: DFFMaterial[] = [];
  let next = 0;
  for (const slot of slots) {
    const material = slot < 0 ? own[next++] : out[slot];
    if (!material)
      throw cursor.error('count-exceeds-data', struct.data, `the Material List names more materials than it holds (${own.length})`);
    out.push(material);
  }
  return out;
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `DFFMaterial` (format names are written in capitals). */
export type DffMaterial = DFFMaterial;
/** @deprecated Use `DFFGroup` (format names are written in capitals). */
export type DffGroup = DFFGroup;
/** @deprecated Use `DFFGeometry` (format names are written in capitals). */
export type DffGeometry = DFFGeometry;

// The parts of a three.js mesh from a DFF geometry: its buffer geometry (triangles grouped by
// material) and its materials, textured from the dictionaries given, as the game draws them. Both
// the skinned and the rigid (frame-bound) models are built from these.
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  FrontSide,
  MeshStandardMaterial,
  Uint16BufferAttribute,
  type Material,
  type Texture,
} from 'three';
import type { Skeleton } from '../core/skeleton.js';
import type { DFFGeometry, DFFMaterial } from '../dff/geometry.js';
import { gameSkinWeights } from '../playback/skin-weights.js';
import type { TXDTexture } from '../txd/reader.js';
import { toThreeTexture } from './texture.js';

/** The textures materials may name, the cache that shares one three.js texture between materials, and whether DXT stays compressed. */
export interface ToThreeMaterialsOptions {
  /** The textures materials may name (every dictionary opened with the model); matched by name, case ignored, as the game does. */
  textures?: readonly TXDTexture[];
  /**
   * Each dictionary texture becomes one three.js texture, shared by the materials that name it: pass the same map to share them across
   * models.
   */
  textureCache?: Map<TXDTexture, Texture>;
  /** See `ToThreeTextureOptions.s3tc`. */
  s3tc?: boolean;
}

/**
 * A `BufferGeometry` of positions, normals (computed when the file has none), UVs and the triangles,
 * one group per material; given the skeleton it is skinned on, with `skinIndex` and `skinWeight` as
 * the game draws them (`gameSkinWeights`: normalised at load), when the geometry has skin weights.
 * The positions, normals, UVs and indices are the decoded arrays, not copies.
 */
export function toBufferGeometry(geometry: DFFGeometry, skeleton?: Skeleton): BufferGeometry {
  const buffer = new BufferGeometry();
  buffer.setAttribute('position', new BufferAttribute(geometry.positions, 3));
  if (geometry.normals) buffer.setAttribute('normal', new BufferAttribute(geometry.normals, 3));
  if (geometry.uvs) buffer.setAttribute('uv', new BufferAttribute(geometry.uvs, 2));
  if (skeleton && geometry.skinIndices && geometry.skinWeights) {
    const { joints, weights } = gameSkinWeights(geometry, skeleton);
    buffer.setAttribute('skinIndex', new Uint16BufferAttribute(Uint16Array.from(joints), 4));
    buffer.setAttribute('skinWeight', new BufferAttribute(weights, 4));
  }
  buffer.setIndex(new BufferAttribute(geometry.indices, 1));
  geometry.groups.forEach((group) => buffer.addGroup(group.start, group.count, group.material));
  if (!geometry.normals) buffer.computeVertexNormals();
  return buffer;
}

/** The geometry's materials (a grey one when it has none), in the order its groups index them. */
export function toThreeMaterials(geometry: DFFGeometry, options: ToThreeMaterialsOptions = {}): Material[] {
  const materials = geometry.materials.map((material) => toThreeMaterial(material, options));
  return materials.length ? materials : [new MeshStandardMaterial({ color: 0x999999 })];
}

/** A material as the game draws it: its colour times its texture; one-bit alpha cut out, other alpha blended. */
export function toThreeMaterial(material: DFFMaterial, options: ToThreeMaterialsOptions = {}): Material {
  const color = new Color(material.color[0] / 255, material.color[1] / 255, material.color[2] / 255);
  const wanted = material.texture?.toLowerCase();
  const source = wanted === undefined ? undefined : options.textures?.find((t) => t.name.toLowerCase() === wanted);
  if (!source) return new MeshStandardMaterial({ color, roughness: 0.8 });
  let map = options.textureCache?.get(source);
  if (!map) {
    map = toThreeTexture(source, { s3tc: options.s3tc });
    options.textureCache?.set(source, map);
  }
  const cutOut = source.format === 'DXT1' || source.format === '1555';
  return new MeshStandardMaterial({
    color,
    roughness: 0.8,
    map,
    transparent: source.hasAlpha && !cutOut,
    alphaTest: source.hasAlpha && cutOut ? 0.5 : 0,
    side: source.hasAlpha ? DoubleSide : FrontSide,
  });
}

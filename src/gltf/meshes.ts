// The model's meshes in a glTF document: skinned geometries on the skeleton's skin, rigid ones (a
// frame-bound model's atomics) as mesh nodes under the bone of their frame, so they move with it.
import type { Accessor, Buffer, Document, Material, Node, Scene, Skin } from '@gltf-transform/core';
import type { Skeleton } from '../core/skeleton.js';
import type { ModelGeometry } from '../core/model-geometry.js';
import { gameSkinWeights } from '../playback/skin-weights.js';
import { trianglesInRange } from './mesh-indices.js';

// Each setter of a glTF-Transform property dispatches a change event, most of an export's time: only
// what differs from the defaults (not normalised, LINEAR) is set.
/** @internal */
export function accessor(
  doc: Document,
  buffer: Buffer,
  type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4',
  array: Float32Array | Uint8Array | Uint16Array | Uint32Array,
  normalized = false,
): Accessor {
  const created = doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  return normalized ? created.setNormalized(true) : created;
}

/**
 * Adds the meshes, and their skin when some are skinned; returns how many normals, vertices and skin
 * weights had to be repaired. A geometry without skin weights whose frame is a bone (`boneOfFrame`)
 * becomes a child of that bone's node: a rigid atomic, drawn in its frame's space as RenderWare does.
 */
export function addMeshes(
  doc: Document,
  buffer: Buffer,
  scene: Scene,
  bones: Node[],
  skeleton: Skeleton,
  geometries: readonly ModelGeometry[],
  bindTexture: (material: Material, name: string | null) => boolean,
  boneOfFrame: ArrayLike<number> | undefined,
): { fixedNormals: number; repairedVertices: number; repairedJoints: number; droppedTriangles: number } {
  let fixedNormals = 0;
  let droppedTriangles = 0;
  const repairs = { vertices: 0, joints: 0 };
  let skin: Skin | undefined;
  const theSkin = (): Skin => {
    if (skin) return skin;
    skin = doc.createSkin('skin');
    bones.forEach((bone) => skin!.addJoint(bone));
    if (skeleton.inverseBindMatrices)
      skin.setInverseBindMatrices(accessor(doc, buffer, 'MAT4', Float32Array.from(skeleton.inverseBindMatrices)));
    const root = bones[skeleton.parents.findIndex((p) => p < 0)];
    if (root) skin.setSkeleton(root);
    return skin;
  };
  geometries.forEach((geometry, g) => {
    const mesh = doc.createMesh(`geometry${g}`);
    const position = accessor(doc, buffer, 'VEC3', finiteCopy(geometry.positions, repairs));
    const normals = geometry.normals && unitNormals(geometry.normals);
    if (normals) fixedNormals += normals.fixed;
    const normal = normals && accessor(doc, buffer, 'VEC3', normals.values);
    const uv = geometry.uvs && accessor(doc, buffer, 'VEC2', finiteCopy(geometry.uvs, repairs));
    const color = geometry.colors && accessor(doc, buffer, 'VEC4', geometry.colors, true);
    // The weights the game draws with (normalised, sorted, as many as the Skin PLG draws), so the
    // exported pose deforms as the game's does; glTF also requires them to sum to 1.
    const skinWeights = geometry.skinIndices && geometry.skinWeights ? gameSkinWeights(geometry, skeleton) : null;
    if (skinWeights) repairs.joints += skinWeights.repaired;
    const joints = skinWeights && accessor(doc, buffer, 'VEC4', skinWeights.joints);
    const weights = skinWeights && accessor(doc, buffer, 'VEC4', skinWeights.weights);
    const materials = geometry.materials.map((m, i) => {
      const material = doc
        .createMaterial(m.texture ?? `material${i}`)
        .setBaseColorFactor([m.color[0] / 255, m.color[1] / 255, m.color[2] / 255, m.color[3] / 255])
        .setAlphaMode(m.color[3] < 255 ? 'BLEND' : 'OPAQUE');
      bindTexture(material, m.texture);
      return material;
    });
    for (const group of geometry.groups) {
      const triangles = trianglesInRange(
        geometry.indices.subarray(group.start, group.start + group.count),
        Math.floor(geometry.positions.length / 3),
      );
      droppedTriangles += triangles.dropped;
      // glTF forbids an empty accessor: a group left without triangles is no primitive.
      if (triangles.indices.length === 0) continue;
      const primitive = doc
        .createPrimitive()
        .setAttribute('POSITION', position)
        .setIndices(accessor(doc, buffer, 'SCALAR', triangles.indices));
      if (normal) primitive.setAttribute('NORMAL', normal);
      if (uv) primitive.setAttribute('TEXCOORD_0', uv);
      if (color) primitive.setAttribute('COLOR_0', color);
      if (joints && weights) primitive.setAttribute('JOINTS_0', joints).setAttribute('WEIGHTS_0', weights);
      const material = materials[group.material];
      if (material) primitive.setMaterial(material);
      mesh.addPrimitive(primitive);
    }
    // Nor may a mesh be without primitives.
    if (mesh.listPrimitives().length === 0) {
      mesh.dispose();
      return;
    }
    const node = doc.createNode(`mesh${g}`).setMesh(mesh);
    const bone = geometry.frame >= 0 && boneOfFrame ? (boneOfFrame[geometry.frame] ?? -1) : -1;
    if (joints && weights) scene.addChild(node.setSkin(theSkin()));
    else if (bone >= 0 && bones[bone]) bones[bone].addChild(node.setName(`${bones[bone].getName()} mesh`));
    else scene.addChild(node);
  });
  return { fixedNormals, repairedVertices: repairs.vertices, repairedJoints: repairs.joints, droppedTriangles };
}

/** A copy with NaN and infinite values set to 0, counted. */
function finiteCopy(values: Float32Array, repairs: { vertices: number }): Float32Array {
  const out = Float32Array.from(values);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i]!)) {
      out[i] = 0;
      repairs.vertices++;
    }
  }
  return out;
}

/** Normals at unit length (a zero one becomes +Z), and how many changed by more than float noise. */
function unitNormals(normals: Float32Array): { values: Float32Array; fixed: number } {
  const values = new Float32Array(normals.length);
  let fixed = 0;
  for (let v = 0; v < normals.length; v += 3) {
    const length = Math.hypot(normals[v]!, normals[v + 1]!, normals[v + 2]!);
    if (Math.abs(length - 1) > 1e-4) fixed++;
    if (length > 0 && Number.isFinite(length)) for (let c = 0; c < 3; c++) values[v + c] = normals[v + c]! / length;
    else values[v + 2] = 1;
  }
  return { values, fixed };
}

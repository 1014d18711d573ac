// How many objects a glTF may make glTF-Transform build. Its reader keeps about 4 KB of heap for each
// node, mesh, accessor or channel (a property with its graph edges and events), and a node costs 19
// bytes of JSON: 400,000 nodes in a 7.5 MB .gltf took 20.7 s and 988 MB, almost all of it in
// glTF-Transform's readJSON (our hierarchy walk: 65 ms of it). The counts are checked on the parsed
// JSON, before glTF-Transform makes anything.
import { GLB_BUFFER, type JSONDocument, WebIO } from '@gltf-transform/core';
import { DecodeError } from '../core/errors.js';
import type { GltfTransform } from './gltf-input.js';

/**
 * Far more nodes than any rig (a game skin has 32 to 64 bones) or a character's scene needs: at about
 * 4 KB each, 256 MB and a few seconds of glTF-Transform's reading at most.
 */
export const MAX_GLTF_NODES = 65_536;
/** Objects of every kind: a fixed allowance plus one per this many input bytes (JSON and buffers). */
export const GLTF_OBJECTS_BASE = 65_536;
export const GLTF_BYTES_PER_OBJECT = 16;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (item: unknown, name: string): unknown =>
  item && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;

/** The objects glTF-Transform makes for `json`: every top-level item, every mesh primitive, animation channel and sampler. */
export function gltfObjectCount(json: unknown): number {
  let count = 0;
  if (!json || typeof json !== 'object') return 0;
  for (const value of Object.values(json)) count += list(value).length;
  for (const mesh of list(field(json, 'meshes'))) count += list(field(mesh, 'primitives')).length;
  for (const animation of list(field(json, 'animations')))
    count += list(field(animation, 'channels')).length + list(field(animation, 'samplers')).length;
  return count;
}

/**
 * Refuses (`count-exceeds-data`) a glTF whose nodes or objects are past the bounds above; `inputBytes` counts the file and its resources.
 */
export function checkGltfObjectCounts(json: unknown, inputBytes: number): void {
  const nodes = list(field(json, 'nodes')).length;
  if (nodes > MAX_GLTF_NODES)
    throw new DecodeError(
      'GLTF',
      'count-exceeds-data',
      0,
      `the glTF has ${nodes} nodes; gameanim reads at most ${MAX_GLTF_NODES} (refused)`,
    );
  const objects = gltfObjectCount(json);
  const limit = GLTF_OBJECTS_BASE + Math.floor(inputBytes / GLTF_BYTES_PER_OBJECT);
  if (objects > limit)
    throw new DecodeError(
      'GLTF',
      'count-exceeds-data',
      0,
      `the glTF has ${objects} objects (nodes, accessors, channels...); its ${inputBytes} bytes justify at most ${limit} (refused)`,
    );
}

/** The bytes given beside the file: a .gltf's buffers and images (a GLB's own BIN chunk is inside the file). */
function resourceBytes(jsonDoc: JSONDocument): number {
  let total = 0;
  for (const [uri, data] of Object.entries(jsonDoc.resources)) if (uri !== GLB_BUFFER) total += data.byteLength;
  return total;
}

/**
 * What `readGltfDocument` takes: glTF-Transform, with a WebIO that checks the counts above before it
 * reads anything. `fileBytes` is the .glb's or the .gltf's size.
 */
export function boundedGltfTransform(fileBytes: number): GltfTransform {
  class BoundedWebIO extends WebIO {
    override async readJSON(jsonDoc: JSONDocument) {
      checkGltfObjectCounts(jsonDoc.json, fileBytes + resourceBytes(jsonDoc));
      return super.readJSON(jsonDoc);
    }
  }
  return { WebIO: BoundedWebIO, GLB_BUFFER } as GltfTransform;
}

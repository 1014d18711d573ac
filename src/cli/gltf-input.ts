// A glTF the commands read from disk: a .glb, or a .gltf whose .bin and images are files beside it.
// The library reads no files; here each URI the JSON names is read relative to the .gltf's folder (a
// URI is percent-encoded: "my%20clip.bin" is the file "my clip.bin"), and the files read are kept, so
// an output never replaces one of them.
import { dirname, resolve } from 'node:path';
import type { GltfResources } from 'gameanim/gltf';
import { magicOf, readInput } from './inputs.js';

export interface GltfInput {
  bytes: Uint8Array;
  /** The .gltf's own files, read on demand by the import. */
  resources: GltfResources;
  /** Every file read so far: the glTF and the resources the import asked for. */
  files: string[];
}

/** A URI with a scheme (http:, file:) names no file beside the glTF; data: URIs never come here. */
const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:/i;

/** Reads `path` (throwing `InputError` when it cannot); its resources are read when the import asks for them. */
export function readGltfInput(path: string): GltfInput {
  const bytes = readInput(path);
  const files = [path];
  const resources: GltfResources = (uri) => {
    if (ABSOLUTE_URI.test(uri)) throw new Error('gameanim reads only files beside the glTF, never a URL');
    let file: string;
    try {
      file = resolve(dirname(path), decodeURIComponent(uri));
    } catch {
      throw new Error('is not a well-formed relative URI (a % not followed by two hex digits?)');
    }
    const data = readInput(file);
    files.push(file);
    return data;
  };
  return { bytes, resources, files };
}

/** Whether a file is a glTF, by its first bytes (a GLB) or its name (a .gltf, which is JSON). */
export function isGltf(path: string, bytes: Uint8Array): boolean {
  return magicOf(bytes) === 'glTF' || /\.gltf$/i.test(path);
}

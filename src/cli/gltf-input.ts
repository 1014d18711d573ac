// A glTF the commands read from disk: a .glb, or a .gltf whose .bin and images are files beside it.
// The library reads no files; here each URI the JSON names is read relative to the .gltf's folder (a
// URI is percent-encoded: "my%20clip.bin" is the file "my clip.bin"), and the files read are kept, so
// an output never replaces one of them.
//
// A .gltf is often downloaded, and what it names ends up in the IFP written from it: a URI that could
// name any file would copy that file (a key, /proc/self/environ) into an IFP the modder then shares.
// So a URI names only a regular file inside the .gltf's own folder (or a folder below it), after every
// link is resolved; each file is read once however it is spelled, and all of them together under one cap.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { GltfResources } from 'gameanim/gltf';
import { magicOf, readInput } from './inputs.js';

export interface GltfInput {
  bytes: Uint8Array;
  /** The .gltf's own files, read on demand by the import. */
  resources: GltfResources;
  /** Every file read so far: the glTF and the resources the import asked for. */
  files: string[];
}

/** A URI with a scheme (http:, file:, C:) names no file beside the glTF; data: URIs never come here. */
const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:/i;

/** The most bytes all the files one .gltf names may hold together (its .bin and images). */
export const GLTF_RESOURCE_BYTES = 512 * 1024 * 1024;

/** Reads `path` (throwing `InputError` when it cannot); its resources are read when the import asks for them. */
export function readGltfInput(path: string): GltfInput {
  const bytes = readInput(path);
  const files = [path];
  const folder = dirname(path);
  // Keyed by real path; a URI naming the .gltf itself gets the bytes already read.
  const byRealPath = new Map<string, Uint8Array>([[realpathSync(path), bytes]]);
  let realFolder: string | undefined;
  let total = 0;
  const resources: GltfResources = (uri) => {
    const file = resolve(folder, relativePathOf(uri));
    if (!within(resolve(folder), file)) throw new Error("leads out of the glTF's folder; gameanim reads only files beside the glTF");
    realFolder ??= realpathSync(folder);
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw new Error(`${file}: no such file`);
    }
    if (!within(realFolder, real))
      throw new Error(`${file}: a link that leads out of the glTF's folder; gameanim reads only files beside the glTF`);
    const known = byRealPath.get(real);
    if (known) return known;
    const data = readInput(
      real,
      GLTF_RESOURCE_BYTES - total,
      `bytes left of the ${GLTF_RESOURCE_BYTES} that the files of one glTF may hold together`,
    );
    total += data.length;
    byRealPath.set(real, data);
    files.push(file);
    return data;
  };
  return { bytes, resources, files };
}

/** The path a URI names, relative to the glTF's folder; a URL or an absolute path is refused. */
function relativePathOf(uri: string): string {
  if (ABSOLUTE_URI.test(uri)) throw new Error('gameanim reads only files beside the glTF, never a URL');
  let path: string;
  try {
    path = decodeURIComponent(uri);
  } catch {
    throw new Error('is not a well-formed relative URI (a % not followed by two hex digits?)');
  }
  if (path.includes('\0')) throw new Error('holds a NUL character');
  if (isAbsolute(path) || /^[\\/]|^[a-z]:/i.test(path)) throw new Error('is an absolute path; gameanim reads only files beside the glTF');
  return path;
}

/** Whether `path` lies inside `folder` (at any depth), both absolute and normalised. */
function within(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest !== '' && rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
}

/** Whether a file is a glTF, by its first bytes (a GLB) or its name (a .gltf, which is JSON). */
export function isGltf(path: string, bytes: Uint8Array): boolean {
  return magicOf(bytes) === 'glTF' || /\.gltf$/i.test(path);
}

// The files of a 'gltf' export: the JSON, its .bin and its images. glTF-Transform names an image
// without a URI `baseColor_N.png` and leaves its bytes among the resources, which a caller that only
// took the .bin never wrote: the .gltf named missing files. Here each image is either a file of its
// own, named after the .bin so two exports into one folder never share a name, or a data URI inside
// the JSON (one file fewer to carry, a third larger).
import type { Document, WebIO } from '@gltf-transform/core';
import type { GltfFiles, GltfImages } from './gltf-output.js';

/** The characters an image's URI keeps from its texture's name: any other (a space, a slash, '%') would need escaping. */
const URI_UNSAFE = /[^A-Za-z0-9_-]+/g;

/** Names each texture `<stem>.<texture>.png` (made distinct, case ignored, as file systems may compare). */
function nameImages(doc: Document, stem: string): void {
  const taken = new Set<string>();
  for (const texture of doc.getRoot().listTextures()) {
    const base = `${stem}.${texture.getName().replace(URI_UNSAFE, '_') || 'texture'}`;
    let uri = `${base}.png`;
    for (let n = 2; taken.has(uri.toLowerCase()); n++) uri = `${base}~${n}.png`;
    taken.add(uri.toLowerCase());
    texture.setURI(uri);
  }
}

export async function writeGltfFiles(io: WebIO, doc: Document, binName: string, images: GltfImages): Promise<GltfFiles> {
  nameImages(doc, binName.replace(/\.bin$/i, ''));
  const { json, resources } = await io.writeJSON(doc);
  const files: GltfFiles['images'] = [];
  for (const image of json.images ?? []) {
    const data = image.uri === undefined ? undefined : resources[image.uri];
    if (!data) continue;
    if (images === 'embedded') image.uri = `data:${image.mimeType ?? 'image/png'};base64,${base64(data)}`;
    else files.push({ uri: image.uri!, data });
  }
  return { json: JSON.stringify(json), bin: resources[binName] ?? new Uint8Array(0), binName, images: files };
}

/** Base64 with what browsers and Node both have (the library runs in the viewer too: no Buffer). */
function base64(bytes: Uint8Array): string {
  let text = '';
  // In slices: one spread of a whole image would overflow the call stack.
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

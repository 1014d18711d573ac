// What a 'gltf' export returns, kept apart from the writing (gltf-files.ts), so the published types of
// gameanim/gltf do not reach into glTF-Transform's.
/** Where a .gltf's images go: 'files' beside it (returned in `images`), or 'embedded' as data URIs. */
export type GltfImages = 'files' | 'embedded';

/** A JSON glTF as files: the .gltf text, its .bin and the image files it names. */
export interface GltfFiles {
  json: string;
  bin: Uint8Array;
  binName: string;
  /** The image files the JSON names, to write beside it (none when embedded or without textures). */
  images: Array<{ uri: string; data: Uint8Array }>;
}

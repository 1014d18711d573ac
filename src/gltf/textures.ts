// Textures for the exported materials: each texture a material names is decoded once, encoded as PNG
// (by the encoder the caller gives, else fast-png, an optional peer dependency loaded only then) and
// embedded.
import type { Document, GLTF, Material, Texture } from '@gltf-transform/core';
import { importPeer } from '../core/peer.js';
import type { ExportTexture } from './texture-source.js';

/** A PNG encoder, as fast-png's `encode`: RGBA8 pixels in, the file's bytes out. */
export type EncodePng = (image: { width: number; height: number; data: Uint8Array; channels: number }) => Uint8Array;

/** @internal */
export async function loadPngEncoder(): Promise<EncodePng> {
  return (await importPeer('fast-png', 'exporting textures', () => import('fast-png'))).encode as EncodePng;
}

// glTF's wrap modes: REPEAT, MIRRORED_REPEAT, CLAMP_TO_EDGE (border has none: clamp is closest).
const REPEAT = 10497;
const WRAP: Record<string, GLTF.TextureWrapMode> = { wrap: REPEAT, mirror: 33648, clamp: 33071, border: 33071 };

/** @internal Sets `material`'s base colour texture from the texture it names, if the dictionaries hold one. */
export function textureBinder(
  doc: Document,
  textures: readonly ExportTexture[],
  encode: EncodePng,
): (material: Material, name: string | null) => boolean {
  const byName = new Map<string, ExportTexture>();
  for (const texture of textures) if (!byName.has(texture.name.toLowerCase())) byName.set(texture.name.toLowerCase(), texture);
  const made = new Map<ExportTexture, Texture>();
  return (material, name) => {
    const texture = name === null ? undefined : byName.get(name.toLowerCase());
    if (!texture) return false;
    let image = made.get(texture);
    if (!image) {
      image = doc
        .createTexture(texture.name)
        .setMimeType('image/png')
        .setImage(encode({ width: texture.width, height: texture.height, data: texture.rgba(0), channels: 4 }));
      made.set(texture, image);
    }
    material.setBaseColorTexture(image);
    const info = material.getBaseColorTextureInfo()!;
    info.setWrapS(WRAP[texture.addressU ?? 'wrap'] ?? REPEAT).setWrapT(WRAP[texture.addressV ?? 'wrap'] ?? REPEAT);
    // One-bit alpha (DXT1) is a cut-out; other alpha blends (hair, glasses), as the game draws them.
    if (texture.hasAlpha) material.setAlphaMode(texture.format === 'DXT1' || texture.format === '1555' ? 'MASK' : 'BLEND');
    return true;
  };
}

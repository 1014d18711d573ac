// TXD textures as three.js textures: RGBA8 pixels (a DataTexture, every format, every level as
// mipmaps), or the stored DXT blocks as they are (a CompressedTexture) where the renderer has S3TC.
import {
  CompressedTexture,
  DataTexture,
  LinearFilter,
  LinearMipmapLinearFilter,
  MirroredRepeatWrapping,
  ClampToEdgeWrapping,
  RepeatWrapping,
  RGBAFormat,
  RGBA_S3TC_DXT1_Format,
  RGBA_S3TC_DXT3_Format,
  RGBA_S3TC_DXT5_Format,
  RGB_S3TC_DXT1_Format,
  SRGBColorSpace,
  UnsignedByteType,
  type CompressedPixelFormat,
  type Texture,
  type Wrapping,
} from 'three';
import type { TXDTexture } from '../txd/reader.js';

/** How `toThreeTexture` makes a texture: DXT kept compressed when the renderer takes it, else decoded. */
export interface ToThreeTextureOptions {
  /**
   * Keep DXT textures compressed (a `CompressedTexture` of the stored blocks) when this is true: pass
   * `renderer.extensions.has('WEBGL_compressed_texture_s3tc')`. Default false: every texture is decoded
   * to RGBA8 (a `DataTexture`), which every renderer shows.
   */
  s3tc?: boolean;
}

const WRAP: Record<string, Wrapping> = {
  wrap: RepeatWrapping,
  mirror: MirroredRepeatWrapping,
  clamp: ClampToEdgeWrapping,
  border: ClampToEdgeWrapping,
};
const S3TC: Record<string, CompressedPixelFormat> = {
  DXT1: RGBA_S3TC_DXT1_Format,
  DXT2: RGBA_S3TC_DXT3_Format,
  DXT3: RGBA_S3TC_DXT3_Format,
  DXT4: RGBA_S3TC_DXT5_Format,
  DXT5: RGBA_S3TC_DXT5_Format,
};

/**
 * A three.js texture of a TXD texture, with its mipmaps, wrap modes and sRGB colour space. The game's
 * textures are stored top row first, as WebGL expects with `flipY` off (three's glTF convention).
 */
export function toThreeTexture(texture: TXDTexture, options: ToThreeTextureOptions = {}): Texture {
  const compressed = options.s3tc && texture.format in S3TC;
  const mipmaps = texture.levels.map((level, i) => ({
    data: compressed ? level.data : texture.rgba(i),
    width: level.width,
    height: level.height,
  }));
  let out: Texture;
  if (compressed) {
    const format = texture.format === 'DXT1' && !texture.hasAlpha ? RGB_S3TC_DXT1_Format : S3TC[texture.format]!;
    out = new CompressedTexture(mipmaps as unknown as ImageData[], texture.width, texture.height, format, UnsignedByteType);
  } else {
    const top = mipmaps[0]!;
    const data = new DataTexture(top.data as Uint8Array<ArrayBuffer>, top.width, top.height, RGBAFormat, UnsignedByteType);
    if (mipmaps.length > 1) data.mipmaps = mipmaps as unknown as ImageData[];
    out = data;
  }
  out.name = texture.name;
  out.wrapS = WRAP[texture.addressU] ?? RepeatWrapping;
  out.wrapT = WRAP[texture.addressV] ?? RepeatWrapping;
  out.magFilter = LinearFilter;
  out.minFilter = mipmaps.length > 1 ? LinearMipmapLinearFilter : LinearFilter;
  out.generateMipmaps = false;
  out.flipY = false;
  out.colorSpace = SRGBColorSpace;
  out.needsUpdate = true;
  return out;
}

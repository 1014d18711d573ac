// RenderWare texture dictionaries (.txd) for three.js, loaded as three's texture loaders load
// images: every texture of the dictionary as a three.js texture.
import type { Texture } from 'three';
import type { DecodeWarning } from '../core/errors.js';
import { nameKey } from '../core/names.js';
import { TXDReader, type TXDTexture } from '../txd/reader.js';
import { GameLoader } from './game-loader.js';
import { toThreeTexture } from './texture.js';

/** A texture dictionary as three.js textures. */
export interface ThreeTextureDictionary {
  /** One per dictionary texture, in its order, named as it is (`texture.name`). */
  textures: Texture[];
  /** The dictionary's own textures, in the same order: what `DFFLoader` and `toThreeMaterials` match by name. */
  entries: TXDTexture[];
  /** The texture of this name, compared as the game compares names (ASCII case ignored). */
  get(name: string): Texture | undefined;
  warnings: DecodeWarning[];
}

/**
 * Loads a `.txd` as three.js textures (`toThreeTexture`: RGBA8 `DataTexture`s with their mipmaps,
 * or with `setS3TC(true)` the DXT blocks as stored). A bad file is a `DecodeError` of format 'TXD'.
 */
export class TXDLoader extends GameLoader<ThreeTextureDictionary> {
  s3tc = false;

  /** Keep DXT textures compressed: pass `renderer.extensions.has('WEBGL_compressed_texture_s3tc')`. */
  setS3TC(value: boolean): this {
    this.s3tc = value;
    return this;
  }

  /** The textures of a TXD file's bytes; throws the reader's `DecodeError` for a bad file. */
  parse(bytes: Uint8Array | ArrayBuffer): ThreeTextureDictionary {
    const reader = new TXDReader(bytes);
    const textures = reader.textures.map((texture) => toThreeTexture(texture, { s3tc: this.s3tc }));
    const byName = new Map<string, Texture>();
    reader.textures.forEach((texture, i) => byName.has(nameKey(texture.name)) || byName.set(nameKey(texture.name), textures[i]!));
    return { textures, entries: reader.textures, get: (name) => byName.get(nameKey(name)), warnings: reader.warnings };
  }

  protected async loadUrl(url: string, onProgress?: (event: ProgressEvent) => void): Promise<ThreeTextureDictionary> {
    return this.parse(await this.bytes(url, onProgress));
  }
}

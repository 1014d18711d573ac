// RenderWare models (.dff) for three.js: a ped, a GTA III ped or an object, ready to add to a scene,
// with its texture dictionary found beside it.
import type { DecodeWarning } from '../core/errors.js';
import { DecodeError } from '../core/errors.js';
import { DFFReader } from '../dff/reader.js';
import type { TXDTexture } from '../txd/reader.js';
import { besideUrl } from './file-bytes.js';
import { toThreeGameModel, type ThreeGameModel } from './game-model.js';
import { GameLoader } from './game-loader.js';
import { TXDLoader, type ThreeTextureDictionary } from './txd-loader.js';

/**
 * Loads a `.dff` as a `ThreeGameModel` (`toThreeGameModel`): a skinned ped as `SkinnedMesh`es on its
 * bones in the game's rest pose, a GTA III ped or an object as its frames with their parts.
 *
 * Its textures come from the `.txd` with the model's base name in the same folder (or in
 * `resourcePath` when set): `peds/male01.dff` reads `peds/male01.txd`, through the manager, so a
 * URL modifier, an `IMGLoader` handler (`peds.img/male01.txd`) or a `TXDLoader` registered with
 * `manager.addHandler(/\.txd$/i, ...)` applies to it; `setTextureUrl(url)` names another. A
 * dictionary that is not there fails the load with a `DecodeError` (`missing-txd`): a model drawn
 * grey where textures were expected is a silent failure. `setTextures(dictionary)` gives textures
 * already loaded, `setTextures(false)` loads the model untextured, and a dictionary that lacks a texture a
 * material names is a `missing-textures` warning, not an error (GTA III's `player.dff` names the
 * skin the game picks at run time).
 */
export class DFFLoader extends GameLoader<ThreeGameModel> {
  /** The dictionary's URL (the loader's path is not put before it); null: the `.txd` beside the model. */
  textureUrl: string | null = null;
  /** Textures given (nothing fetched), `false` for none, or null to fetch the dictionary. */
  textures: ThreeTextureDictionary | readonly TXDTexture[] | false | null = null;
  s3tc = false;

  /** Reads the textures from this URL instead of the `.txd` beside the model (null: beside it again). */
  setTextureUrl(url: string | null): this {
    this.textureUrl = url;
    return this;
  }

  /**
   * Textures already loaded (a `TXDLoader` result or a `TXDReader`'s textures), `false` for an untextured model, or null to fetch the
   * dictionary (the default).
   */
  setTextures(textures: ThreeTextureDictionary | readonly TXDTexture[] | false | null): this {
    this.textures = textures;
    return this;
  }

  /** Keep DXT textures compressed: pass `renderer.extensions.has('WEBGL_compressed_texture_s3tc')`. */
  setS3TC(value: boolean): this {
    this.s3tc = value;
    return this;
  }

  /** A model from its bytes, textured from a dictionary already loaded (or untextured without one). */
  parse(bytes: Uint8Array | ArrayBuffer, dictionary?: ThreeTextureDictionary | readonly TXDTexture[]): ThreeGameModel {
    return this.#build(new DFFReader(bytes), dictionary);
  }

  protected async loadUrl(url: string, onProgress?: (event: ProgressEvent) => void): Promise<ThreeGameModel> {
    const given = this.textures;
    const txdUrl = given !== null ? null : (this.textureUrl ?? besideUrl(url, '.txd', this.resourcePath || undefined));
    // Both files at once: the dictionary does not wait for the model.
    const [bytes, dictionary] = await Promise.all([this.bytes(url, onProgress), txdUrl === null ? null : this.#dictionary(txdUrl, url)]);
    return this.#build(new DFFReader(bytes), dictionary ?? (given || undefined));
  }

  #build(reader: DFFReader, dictionary: ThreeTextureDictionary | readonly TXDTexture[] | undefined): ThreeGameModel {
    if (!dictionary) return toThreeGameModel(reader);
    const entries = Array.isArray(dictionary) ? (dictionary as readonly TXDTexture[]) : (dictionary as ThreeTextureDictionary).entries;
    const textureCache = new Map();
    let textureWarnings: readonly DecodeWarning[] | undefined;
    if (!Array.isArray(dictionary)) {
      const loaded = dictionary as ThreeTextureDictionary;
      // The dictionary's three.js textures are the ones the materials use: nothing is decoded twice.
      loaded.entries.forEach((entry, i) => textureCache.set(entry, loaded.textures[i]!));
      textureWarnings = loaded.warnings;
    }
    return toThreeGameModel(reader, { textures: entries, textureCache, s3tc: this.s3tc, textureWarnings });
  }

  async #dictionary(txdUrl: string, modelUrl: string): Promise<ThreeTextureDictionary> {
    const handler = this.manager.getHandler(txdUrl);
    const loader =
      handler instanceof TXDLoader
        ? handler
        : new TXDLoader(this.manager).setS3TC(this.s3tc).setRequestHeader(this.requestHeader).setWithCredentials(this.withCredentials);
    try {
      // The URL is whole already: the TXD loader's own path is not put before it.
      const path = loader.path;
      loader.setPath('');
      const loading = loader.loadAsync(txdUrl);
      loader.setPath(path);
      return await loading;
    } catch (error) {
      // A dictionary that decodes badly says so itself; one that is not there (no file, no archive entry) is the model's missing-txd.
      if (error instanceof DecodeError && error.code !== 'no-such-entry') throw error;
      throw new DecodeError(
        'DFF',
        'missing-txd',
        0,
        `the texture dictionary of ${modelUrl}, ${txdUrl}, could not be read (${error instanceof Error ? error.message : String(error)}); name it with setTextureUrl(url), or load the model untextured with setTextures(false)`,
      );
    }
  }
}

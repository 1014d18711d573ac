// The Babylon.js scene-loader plugin for RenderWare models (.dff): meshes, skeleton and the textures of
// the .txd beside the model, posed as the game poses it.
import { AssetContainer } from '@babylonjs/core/assetContainer.js';
import type {
  ISceneLoaderAsyncResult,
  ISceneLoaderPluginAsync,
  ISceneLoaderPluginExtensions,
  ISceneLoaderProgressEvent,
} from '@babylonjs/core/Loading/sceneLoader.js';
import { Tools } from '@babylonjs/core/Misc/tools.js';
import type { Scene } from '@babylonjs/core/scene.js';
import { DecodeError, type DecodeWarning } from '../core/errors.js';
import { dffFormat } from '../dff/format.js';
import { DFFReader } from '../dff/reader.js';
import { TXDReader, type TXDTexture } from '../txd/reader.js';
import { toBabylonModel, type BabylonGameModel } from './model-nodes.js';
import { BinaryFileLoader, binaryExtensions, bytesOf } from './binary-file.js';

/** The `.dff` plugin's name, and the key of its options in `pluginOptions`. */
export const DFF_PLUGIN_NAME = 'gameanimDff';

/** `pluginOptions.gameanimDff`: where the textures come from. */
export type DFFPluginOptions = {
  /** Textures already decoded (a `TXDReader`'s), or `false` for an untextured model; default: the `.txd` beside the model. */
  textures?: readonly TXDTexture[] | false;
  /** The dictionary's URL, instead of the `.txd` with the model's base name in its folder. */
  textureUrl?: string;
};

/** A model the plugin loaded, from any node of it (the root's `metadata.gameanim`). */
export function gameModelOf(node: { metadata?: unknown } | null | undefined): BabylonGameModel | undefined {
  return (node?.metadata as { gameanim?: BabylonGameModel } | null | undefined)?.gameanim;
}

/**
 * Loads `.dff` files into a scene (`ImportMeshAsync`, `AppendSceneAsync`, `LoadAssetContainerAsync`):
 * a skinned ped as meshes on a skeleton in the game's rest pose (the Skin PLG's), a GTA III ped or an
 * object as its frames with their parts, under one root node whose `metadata.gameanim` is the
 * `BabylonGameModel` (what the `.ifp` plugin binds clips to). The textures come from the `.txd` with
 * the model's base name beside it, fetched with Babylon's own file loading (so `Tools.PreprocessUrl`
 * and request modifiers apply); one that is not there rejects the load with a `DecodeError`
 * (`missing-txd`), as a bad file rejects it with the reader's. Babylon wraps the error it rejects
 * with: the library's error is its `innerError`.
 */
export class DFFFileLoader extends BinaryFileLoader implements ISceneLoaderPluginAsync {
  readonly name = DFF_PLUGIN_NAME;
  readonly extensions: ISceneLoaderPluginExtensions = binaryExtensions(dffFormat);

  constructor(readonly options: DFFPluginOptions = {}) {
    super();
  }

  async importMeshAsync(
    _meshNames: unknown,
    scene: Scene,
    data: unknown,
    rootUrl: string,
    _onProgress?: (event: ISceneLoaderProgressEvent) => void,
    fileName?: string,
  ): Promise<ISceneLoaderAsyncResult> {
    const model = await this.loadModel(scene, data, rootUrl, fileName);
    return {
      meshes: model.meshes,
      skeletons: model.babylonSkeleton ? [model.babylonSkeleton] : [],
      transformNodes: [model.root, ...model.nodes],
      animationGroups: [],
      particleSystems: [],
      geometries: [],
      lights: [],
      spriteManagers: [],
    };
  }

  async loadAsync(
    scene: Scene,
    data: unknown,
    rootUrl: string,
    _onProgress?: (event: ISceneLoaderProgressEvent) => void,
    fileName?: string,
  ): Promise<void> {
    await this.loadModel(scene, data, rootUrl, fileName);
  }

  async loadAssetContainerAsync(
    scene: Scene,
    data: unknown,
    rootUrl: string,
    _onProgress?: (event: ISceneLoaderProgressEvent) => void,
    fileName?: string,
  ): Promise<AssetContainer> {
    const model = await this.loadModel(scene, data, rootUrl, fileName);
    const container = new AssetContainer(scene);
    container.meshes.push(...model.meshes);
    container.transformNodes.push(model.root, ...model.nodes);
    if (model.babylonSkeleton) container.skeletons.push(model.babylonSkeleton);
    for (const mesh of model.meshes)
      if (mesh.material && !container.materials.includes(mesh.material)) container.materials.push(mesh.material);
    container.removeAllFromScene();
    return container;
  }

  /** The model in the scene: decoded, textured from its dictionary, posed as the game poses it. */
  async loadModel(scene: Scene, data: unknown, rootUrl: string, fileName = 'model.dff'): Promise<BabylonGameModel> {
    const bytes = bytesOf(data);
    const given = this.options.textures;
    const txdUrl = given !== undefined ? null : (this.options.textureUrl ?? `${rootUrl}${fileName.replace(/\.[^./]*$/, '')}.txd`);
    const [reader, dictionary] = await Promise.all([
      Promise.resolve().then(() => new DFFReader(bytes)),
      txdUrl === null ? null : loadDictionary(txdUrl, `${rootUrl}${fileName}`),
    ]);
    const name = fileName.replace(/^.*\//, '');
    const textures = dictionary?.textures ?? (given || null);
    const warnings: DecodeWarning[] = dictionary?.warnings ?? [];
    return toBabylonModel(reader, scene, name, textures, warnings);
  }
}

async function loadDictionary(url: string, modelUrl: string): Promise<TXDReader> {
  let bytes: ArrayBuffer;
  try {
    bytes = await Tools.LoadFileAsync(url, true);
  } catch (error) {
    throw new DecodeError(
      'DFF',
      'missing-txd',
      0,
      `the texture dictionary of ${modelUrl}, ${url}, could not be read (${error instanceof Error ? error.message : String(error)}); name it with pluginOptions.gameanimDff.textureUrl, or load the model untextured with textures: false`,
    );
  }
  return new TXDReader(bytes);
}

// The Babylon.js scene-loader plugin for IFP animation files (.ifp): each animation an AnimationGroup
// on a model the .dff plugin loaded, bound as the game binds it.
import { AssetContainer } from '@babylonjs/core/assetContainer.js';
import type { AnimationGroup } from '@babylonjs/core/Animations/animationGroup.js';
import type {
  ISceneLoaderAsyncResult,
  ISceneLoaderPluginAsync,
  ISceneLoaderPluginExtensions,
  ISceneLoaderProgressEvent,
} from '@babylonjs/core/Loading/sceneLoader.js';
import type { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import type { Scene } from '@babylonjs/core/scene.js';
import { nameKey } from '../core/names.js';
import { ifpFormat } from '../ifp/format.js';
import { IFPReader } from '../ifp/reader.js';
import { bindClip } from '../playback/bind.js';
import { toAnimationGroup } from './animation-group.js';
import { gameModelOf } from './dff-plugin.js';
import type { BabylonGameModel } from './model-nodes.js';
import { BinaryFileLoader, binaryExtensions, bytesOf } from './binary-file.js';
import { ArgumentError } from '../core/errors.js';

/** The `.ifp` plugin's name, and the key of its options in `pluginOptions`. */
export const IFP_PLUGIN_NAME = 'gameanimIfp';

/** `pluginOptions.gameanimIfp`: which model the clips play on, and which clips. */
export type IFPPluginOptions = {
  /** The model (or its root node); default: the model the `.dff` plugin loaded into the scene last. */
  model?: BabylonGameModel | TransformNode;
  /** Only these animations (names compared as the game compares them); default: all. */
  animations?: readonly string[];
};

/**
 * Loads `.ifp` files (GTA III, VC, SA) as AnimationGroups, one per animation (named as it), on a model
 * the `.dff` plugin loaded: bound as the game binds them (`bindClip`), bones no track drives keep
 * their rest pose, and a group at frame `t * FRAME_RATE` poses the model as `sampleClip` does at `t`.
 * Groups are created stopped. A bad file rejects with the reader's `DecodeError` (Babylon's error's
 * `innerError`); no model to play on rejects with a `RangeError`.
 */
export class IFPFileLoader extends BinaryFileLoader implements ISceneLoaderPluginAsync {
  readonly name = IFP_PLUGIN_NAME;
  readonly extensions: ISceneLoaderPluginExtensions = binaryExtensions(ifpFormat);

  constructor(readonly options: IFPPluginOptions = {}) {
    super();
  }

  async importMeshAsync(_meshNames: unknown, scene: Scene, data: unknown): Promise<ISceneLoaderAsyncResult> {
    const animationGroups = this.loadGroups(scene, data);
    return {
      meshes: [],
      skeletons: [],
      transformNodes: [],
      animationGroups,
      particleSystems: [],
      geometries: [],
      lights: [],
      spriteManagers: [],
    };
  }

  async loadAsync(scene: Scene, data: unknown): Promise<void> {
    this.loadGroups(scene, data);
  }

  async loadAssetContainerAsync(
    scene: Scene,
    data: unknown,
    _rootUrl: string,
    _onProgress?: (event: ISceneLoaderProgressEvent) => void,
  ): Promise<AssetContainer> {
    const container = new AssetContainer(scene);
    container.animationGroups.push(...this.loadGroups(scene, data));
    container.removeAllFromScene();
    return container;
  }

  /** The file's animations as groups on the model. */
  loadGroups(scene: Scene, data: unknown): AnimationGroup[] {
    const reader = new IFPReader(bytesOf(data));
    const given = this.options.model;
    const model = given === undefined ? lastModel(scene) : (gameModelOf(given as TransformNode) ?? (given as BabylonGameModel));
    if (!model)
      throw new ArgumentError(
        'missing-data',
        'gameanim .ifp plugin: no model to play the clips on; load a .dff into the scene first, or pass pluginOptions.gameanimIfp.model',
      );
    const wanted = this.options.animations && new Set(this.options.animations.map(nameKey));
    return reader.animations
      .filter((clip) => !wanted || wanted.has(nameKey(clip.name)))
      .map((clip) => toAnimationGroup(bindClip(clip, model.skeleton), model.nodes, scene));
  }
}

/** The model the `.dff` plugin loaded into the scene last. */
function lastModel(scene: Scene): BabylonGameModel | undefined {
  for (let i = scene.transformNodes.length - 1; i >= 0; i--) {
    const model = gameModelOf(scene.transformNodes[i]);
    if (model) return model;
  }
  return undefined;
}

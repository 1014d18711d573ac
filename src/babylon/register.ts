// Registers the gameanim scene-loader plugins with Babylon.js by file extension, as
// `registerBuiltInLoaders` of @babylonjs/loaders registers its own: a factory per plugin, which
// Babylon calls for each load with that load's `pluginOptions`.
import { RegisterSceneLoaderPlugin } from '@babylonjs/core/Loading/sceneLoader.js';
import { dffFormat } from '../dff/format.js';
import { ifpFormat } from '../ifp/format.js';
import { binaryExtensions } from './binary-file.js';
import { DFF_PLUGIN_NAME, DFFFileLoader, type DFFPluginOptions } from './dff-plugin.js';
import { IFP_PLUGIN_NAME, IFPFileLoader, type IFPPluginOptions } from './ifp-plugin.js';

declare module '@babylonjs/core/Loading/sceneLoader.js' {
  interface SceneLoaderPluginOptions {
    /** Options of the gameanim `.dff` plugin. */
    [DFF_PLUGIN_NAME]: DFFPluginOptions;
    /** Options of the gameanim `.ifp` plugin. */
    [IFP_PLUGIN_NAME]: IFPPluginOptions;
  }
}

/**
 * Makes `.dff` and `.ifp` loadable with `ImportMeshAsync`, `AppendSceneAsync` and `LoadAssetContainerAsync`. Calling it again changes
 * nothing.
 */
export function registerGameanimLoaders(): void {
  RegisterSceneLoaderPlugin({
    name: DFF_PLUGIN_NAME,
    extensions: binaryExtensions(dffFormat),
    createPlugin: (options) => new DFFFileLoader(options[DFF_PLUGIN_NAME]),
  });
  RegisterSceneLoaderPlugin({
    name: IFP_PLUGIN_NAME,
    extensions: binaryExtensions(ifpFormat),
    createPlugin: (options) => new IFPFileLoader(options[IFP_PLUGIN_NAME]),
  });
}

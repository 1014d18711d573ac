// gameanim/babylon: scene-loader plugins for Babylon.js (.dff models with their .txd, .ifp clips as
// animation groups). `@babylonjs/core` is an optional peer dependency, so this adapter is only
// reachable through its own subpath, never from the package root.
export { registerGameanimLoaders } from './register.js';
export { DFFFileLoader, DFF_PLUGIN_NAME, gameModelOf, type DFFPluginOptions } from './dff-plugin.js';
export { IFPFileLoader, IFP_PLUGIN_NAME, type IFPPluginOptions } from './ifp-plugin.js';
export { toBabylonModel, babylonNodeName, type BabylonGameModel } from './model-nodes.js';
export { toAnimationGroup, FRAME_RATE } from './animation-group.js';

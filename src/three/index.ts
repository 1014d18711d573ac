// gameanim/three: skeletons as three.js bones and clips as AnimationClips, models, dictionaries,
// animation files and archives as three.js loaders. `three` is an optional peer dependency, so this
// adapter is only reachable through its own subpath, never from the package root.
export { gameKeyTimes, toAnimationClip, type ToAnimationClipOptions } from './animation-clip.js';
export { threeBoneName, toSkeleton, type ThreeSkeletonParts } from './skeleton.js';
export { toThreeTexture, type ToThreeTextureOptions } from './texture.js';
export { toBufferGeometry, toThreeMaterial, toThreeMaterials, type ToThreeMaterialsOptions } from './mesh-parts.js';
export { toFrameModel, type FrameModelSource, type ThreeFrameModel } from './frame-model.js';
export { poseThreeBones, toThreeSkinnedMesh, type ThreeSkinnedModel, type ToThreeSkinnedMeshOptions } from './skinned-mesh.js';
export { toThreeGameModel, type ThreeGameModel, type ToThreeGameModelOptions, type ModelWarning } from './game-model.js';
export { GameLoader } from './game-loader.js';
export type { ArchiveEntrySource } from './file-bytes.js';
export { DFFLoader } from './dff-loader.js';
export { IFPLoader, type ThreeAnimations, type AnimatedModel } from './ifp-loader.js';
export { TXDLoader, type ThreeTextureDictionary } from './txd-loader.js';
export { IMGLoader, IMG_ENTRY_URL } from './img-loader.js';

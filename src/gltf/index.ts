// gameanim/gltf: export skinned models and clips to glTF, and import edited clips back into IFP.
// glTF-Transform (@gltf-transform/core) is an optional peer dependency, so this adapter is only
// reachable through its own subpath, never from the package root.
export { exportGltf, boneNodeName, type ExportGltfOptions, type ExportGltfResult } from './export.js';
export type { GltfWarning, RepeatPolicy } from './policies.js';
export { exportGltfScene, type ExportSceneOptions, type ExportSceneResult, type SceneObject } from './scene.js';
export { importGltf, type ImportGltfOptions, type ImportGltfResult } from './import.js';
export type { GltfResources } from './gltf-input.js';
export { GLTF_CODES } from './codes.js';
export type { ExportTexture } from './texture-source.js';
export type { EncodePng } from './textures.js';
export type { GltfFiles, GltfImages } from './gltf-output.js';

// The shared vocabulary every format uses: skeletons, error codes and warnings, the wasm readiness.
export { createSkeleton, hierarchyOrder, boneNameKey, type Skeleton, type SkeletonInit } from './skeleton.js';
export { GTA3_PED_BONE_TAGS, PED_BONE_TAGS, boneTagId, boneTagName, boneTagTableOf, type BoneTagTable } from './bone-tags.js';
export type { Code, CodeTables, FormatCodeTables } from './codes.js';
export {
  ArgumentError,
  DecodeError,
  EditError,
  EncodeError,
  InternalError,
  MissingPeerError,
  StateError,
  type DecodeWarning,
  type FormatName,
} from './errors.js';
export { float32Text } from './float32.js';
export { countText } from './names.js';
export { ready, simdSupported, type Backend, type BackendOption } from './wasm-kernel.js';
export type {
  FileFormat,
  AnyFileFormat,
  ArchiveContents,
  ArchiveEntry,
  ClipPackage,
  ModelContents,
  SpriteScripts,
  TextureContents,
} from './file-format.js';
export type { ModelGeometry, ModelGroup, ModelMaterial } from './model-geometry.js';

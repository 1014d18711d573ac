// The shared vocabulary every format uses: skeletons, error codes and warnings, the wasm readiness.
export { createSkeleton, hierarchyOrder, boneNameKey, type Skeleton, type SkeletonInit } from './skeleton.js';
export { PED_BONE_TAGS, boneTagId } from './bone-tags.js';
export { CODES, type Code } from './codes.js';
export { DecodeError, EditError, EncodeError, type DecodeWarning, type FormatName } from './errors.js';
export { float32Text } from './float32.js';
export { ready, simdSupported, type Backend, type BackendOption } from './wasm-kernel.js';
export type { FileFormat, ArchiveContents, ArchiveEntry, ModelContents, TextureContents } from './file-format.js';

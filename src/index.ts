// gameanim: everything public, from one entry point.
export * from './ifp/index.js';
export * from './img/index.js';
export { IFFReader, writeIFF, iffChunks, groupContents, isGroup } from './iff/index.js';
export type { IffBone, IffClip, IffTrack, IffUnknownChunk, IffChunk, WriteIFFOptions } from './iff/index.js';
export { SpriteAnimReader, writeSpriteAnim, disassemble, SpriteScriptRunner, ease, EASING_MODES, EASING_NAMES, OPCODES, Op } from './sprite/index.js';
export type { SpriteAnimReaderOptions, SpriteScriptRunnerOptions, SpriteState, Interpolation, OpcodeInfo, ArgType, Instruction, JumpMode, Script, Sprite, SpriteAnimDoc } from './sprite/index.js';
export * from './playback/index.js';
export { createSkeleton, hierarchyOrder, boneNameKey, type Skeleton, type SkeletonInit } from './core/skeleton.js';
export * from './dff/index.js';
export { FORMATS, findFormat, type FileFormat, type DumpOptions as FormatDumpOptions } from './formats.js';

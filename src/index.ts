// gameanim: everything public, from one entry point.
export * from './ifp/index.js';
export * from './img/index.js';
export { IFFReader, writeIFF, iffChunks, groupContents, isGroup } from './iff/index.js';
export type { IffBone, IffClip, IffTrack, IffUnknownChunk, IffChunk, WriteIFFOptions } from './iff/index.js';

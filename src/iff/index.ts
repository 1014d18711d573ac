import { IFFReader } from './reader.js';

export default IFFReader;
export { IFFReader };
export { writeIFF, type WriteIFFOptions } from './writer.js';
export type { IFFBone, IFFClip, IFFTrack, IFFUnknownChunk } from './types.js';
export { iffChunks, groupContents, isGroup, type IFFChunk } from '../core/iff-chunks.js';
export type { IffBone, IffClip, IffTrack, IffUnknownChunk } from './types.js';
export type { IffChunk } from '../core/iff-chunks.js';
export { DecodeError, type DecodeWarning } from '../core/errors.js';
export { iffFormat } from './format.js';
export { IFF_CODES } from './codes.js';
